import { PlaceholderPage } from '../../components/PlaceholderPage';
import { de } from '../../i18n/de';

// Placeholders until the patient protocol screens of spec 2 are built.
export function PatientProtocolsPage() {
  return <PlaceholderPage title={de.pages.patientProtocols} />;
}

export function PatientProtocolNewPage() {
  return <PlaceholderPage title={de.pages.patientProtocolNew} />;
}

export function PatientProtocolEditPage() {
  return <PlaceholderPage title={de.pages.patientProtocolEdit} />;
}

export function PatientProtocolPage() {
  return <PlaceholderPage title={de.pages.patientProtocol} />;
}
