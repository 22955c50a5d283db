import { Alert, Badge } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { IconArrowsDiff } from '@tabler/icons-react';
import { servicesDe } from '../../i18n/services.de';

const t = servicesDe.conflict;

/**
 * Two devices changed the same field while apart: the last transmitted value won and the server
 * kept the replaced one (docs/sync-protocol.md, Conflicts). Without this notice the medic whose
 * value was replaced would never learn it; the flag comes with the pulled row (`needsReview`).
 */
export function ServiceConflictNotice({ service }: { service: Pick<Service, 'needsReview'> }) {
  if (!service.needsReview) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconArrowsDiff aria-hidden />} title={t.title} role="status">
      {t.text}
    </Alert>
  );
}

/** The short form for a list row. */
export function ServiceConflictBadge({ service }: { service: Pick<Service, 'needsReview'> }) {
  if (!service.needsReview) return null;
  return (
    <Badge color="orange" variant="light" size="md" leftSection={<IconArrowsDiff size={14} aria-hidden />}>
      {t.badge}
    </Badge>
  );
}
