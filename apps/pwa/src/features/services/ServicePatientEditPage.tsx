import { PlaceholderPage } from '../../components/PlaceholderPage';
import { de } from '../../i18n/de';

/** /services/:serviceId/patients/:id/edit — listed in the specs, its screen is not described. */
export function ServicePatientEditPage() {
  return <PlaceholderPage title={de.pages.patientEdit} />;
}
