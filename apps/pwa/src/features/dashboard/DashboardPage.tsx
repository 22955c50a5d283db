import { PlaceholderPage } from '../../components/PlaceholderPage';
import { de } from '../../i18n/de';

// Placeholder until the dashboard of spec 2 is built.
export function DashboardPage() {
  return <PlaceholderPage title={de.pages.dashboard} />;
}
