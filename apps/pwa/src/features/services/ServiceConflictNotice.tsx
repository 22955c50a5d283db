import { Badge } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { IconArrowsDiff } from '@tabler/icons-react';
import { ConflictNotice } from '../conflicts/ConflictNotice';
import { markServiceReviewed } from '../../data/repositories/services';
import { servicesDe } from '../../i18n/services.de';

const t = servicesDe.conflict;

/**
 * The conflict notice of a service (the flag comes with the pulled row, `needsReview`); whoever
 * may change the service can confirm it with 'Angaben geprüft'.
 */
export function ServiceConflictNotice({ service, canReview }: { service: Pick<Service, 'id' | 'needsReview'>; canReview: boolean }) {
  if (!service.needsReview) return null;
  return (
    <ConflictNotice
      title={t.title}
      text={t.text}
      reviewLabel={t.reviewed}
      reviewFailedTitle={t.reviewFailed}
      revisions={{ path: `/api/services/${encodeURIComponent(service.id)}/revisions` }}
      onReviewed={canReview ? () => markServiceReviewed(service.id) : undefined}
    />
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
