import type { Service } from '@sanidok/schema';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { archiveService } from '../../data/repositories/services';
import { servicesDe } from '../../i18n/services.de';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ArchiveServiceDialog } from './ArchiveServiceDialog';
import { describeError } from '../../lib/describeError';

/**
 * 'Archivieren' of an ended service, after a confirmation that lists its open protocols (it cannot
 * be undone here). The local write marks it archived at once; the server checks the rules again
 * when it arrives and seals the open protocols' patient data (docs/decisions.md).
 */
export function useArchiveService(): { ask: (target: { service: Service }) => void; dialog: ReactNode } {
  const [target, setTarget] = useState<Service | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = (service: Service) => {
    setPending(true);
    archiveService(service.id)
      .then(() => notifySuccess(servicesDe.toasts.archived, servicesDe.toasts.archivedText(service.name)))
      .catch((error: unknown) => notifyError(servicesDe.toasts.archiveFailed, describeError(error)))
      .finally(() => {
        setPending(false);
        setTarget(null);
      });
  };

  return {
    ask: ({ service }) => setTarget(service),
    dialog: <ArchiveServiceDialog service={target} pending={pending} onCancel={() => setTarget(null)} onConfirm={confirm} />,
  };
}
