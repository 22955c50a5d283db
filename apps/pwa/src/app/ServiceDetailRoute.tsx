import { Box } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { ServiceMaterialUsageTab as MaterialUsageTab } from '../features/materials/ServiceMaterialUsageTab';
import { ServiceMinorTreatmentsTab as MinorTreatmentsTab } from '../features/minorTreatments/ServiceMinorTreatmentsTab';
import { ServiceProtocolsTab } from '../features/protocols/list/ServiceProtocolsTab';
import type { ServiceDetailSlots } from '../features/services/ServiceDetailPage';
import { ServiceDetailPage } from '../features/services/ServiceDetailPage';

/**
 * Slots of the service detail tabs 'Bagatellen', 'Patientenprotokolle' and 'Materialverbrauch'
 * (docs/spec/services.md §2), filled by the minorTreatments, protocols and materials features. They are put
 * together here, above the features, because those features use services/ (captureServices.ts):
 * the service detail page importing them back would make the folders import each other
 * (test/architecture/folderCycles.test.ts). data-slot marks which feature renders inside.
 */

function ServiceMinorTreatmentsTab({ service }: { service: Service }) {
  return (
    <Box data-slot="minor-treatments" data-service-id={service.id}>
      <MinorTreatmentsTab service={service} />
    </Box>
  );
}

function ServiceMaterialUsageTab({ service }: { service: Service }) {
  return (
    <Box data-slot="material-usage" data-service-id={service.id}>
      <MaterialUsageTab service={service} />
    </Box>
  );
}

const slots: ServiceDetailSlots = {
  minorTreatments: ServiceMinorTreatmentsTab,
  protocols: ServiceProtocolsTab,
  materials: ServiceMaterialUsageTab,
};

/** /services/{id} with the tabs of the other features. */
export function ServiceDetailRoute() {
  return <ServiceDetailPage slots={slots} />;
}
