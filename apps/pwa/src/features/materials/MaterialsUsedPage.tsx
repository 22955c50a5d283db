import { PlaceholderPage } from '../../components/PlaceholderPage';
import { de } from '../../i18n/de';

// Placeholder for /materials/used?serviceId=… (target of "Material erfassen", spec 2).
export function MaterialsUsedPage() {
  return <PlaceholderPage title={de.pages.materialsUsed} />;
}
