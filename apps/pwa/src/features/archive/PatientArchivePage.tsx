import { PlaceholderPage } from '../../components/PlaceholderPage';
import { de } from '../../i18n/de';

// Placeholder until the owner-only patient archive (spec 1 §2) is built.
export function PatientArchivePage() {
  return <PlaceholderPage title={de.pages.patientArchive} />;
}
