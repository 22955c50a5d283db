import { PlaceholderPage } from '../../components/PlaceholderPage';
import { de } from '../../i18n/de';

// Placeholders until minor treatments (spec 2) are built; /new will open the create dialog.
export function MinorTreatmentsPage() {
  return <PlaceholderPage title={de.pages.minorTreatments} />;
}

export function MinorTreatmentNewPage() {
  return <PlaceholderPage title={de.pages.minorTreatmentNew} />;
}
