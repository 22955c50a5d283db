import { PlaceholderPage } from '../../components/PlaceholderPage';
import { de } from '../../i18n/de';

// Placeholders until the services screens of spec 2 are built.
export function ServicesPage() {
  return <PlaceholderPage title={de.pages.services} />;
}

export function ServiceDetailPage() {
  return <PlaceholderPage title={de.pages.serviceDetail} />;
}

/** /services/:serviceId/patients/:id/edit — listed in the specs, its screen is not described. */
export function ServicePatientEditPage() {
  return <PlaceholderPage title={de.pages.patientEdit} />;
}
