import { Badge } from '@mantine/core';
import { minorTreatmentsDe } from '../i18n/minorTreatments.de';

/** Marks a captured row (minor treatment, material use, protocol) the server has not confirmed yet. */
export function PendingBadge() {
  return (
    <Badge color="orange" variant="light" size="sm" title={minorTreatmentsDe.pendingHint}>
      {minorTreatmentsDe.pending}
    </Badge>
  );
}
