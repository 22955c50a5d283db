import { PlaceholderPage } from '../../components/PlaceholderPage';
import { de } from '../../i18n/de';

// Placeholder until the platform administration area (spec 1 §2) is built.
export function AdminPage() {
  return <PlaceholderPage title={de.pages.admin} />;
}
