import { Box } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { ServiceMaterialUsageTab as MaterialUsageTab } from '../materials/ServiceMaterialUsageTab';
import { ServiceMinorTreatmentsTab as MinorTreatmentsTab } from '../minor-treatments/ServiceMinorTreatmentsTab';

/**
 * Slots of the service detail tabs 'Bagatellen' and 'Materialverbrauch' (spec 2 §2), filled by
 * the minor-treatments and materials features. The service detail page relies only on these two
 * named exports taking `{ service }`; data-slot marks which feature renders inside.
 */

export function ServiceMinorTreatmentsTab({ service }: { service: Service }) {
  return (
    <Box data-slot="minor-treatments" data-service-id={service.id}>
      <MinorTreatmentsTab service={service} />
    </Box>
  );
}

export function ServiceMaterialUsageTab({ service }: { service: Service }) {
  return (
    <Box data-slot="material-usage" data-service-id={service.id}>
      <MaterialUsageTab service={service} />
    </Box>
  );
}
