import { PlaceholderPage } from '../../components/PlaceholderPage';
import { de } from '../../i18n/de';

// Placeholder until organisations, members and invitations (spec 1 §2) are built.
export function OrganizationsPage() {
  return <PlaceholderPage title={de.pages.organizations} />;
}
