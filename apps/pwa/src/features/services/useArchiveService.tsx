import type { Service } from '@sanidok/schema';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { archiveService } from '../../data/repositories/services';
import { servicesDe } from '../../i18n/services.de';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { ConfirmRequest } from '../organizations/ConfirmDialog';
import { ConfirmDialog } from '../organizations/ConfirmDialog';
import { errorText } from './errors';

/**
 * 'Archivieren' of an ended service, after a confirmation (it cannot be undone here). The local
 * write marks it archived at once; the server checks the rules again when it arrives.
 */
export function useArchiveService(): { ask: (target: { service: Service }) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [pending, setPending] = useState(false);

  const ask = ({ service }: { service: Service }) =>
    setRequest({
      title: servicesDe.detail.archiveTitle,
      text: servicesDe.detail.archiveText(service.name),
      confirmLabel: servicesDe.list.archive,
      onConfirm: () => {
        setPending(true);
        archiveService(service.id)
          .then(() => notifySuccess(servicesDe.toasts.archived, servicesDe.toasts.archivedText(service.name)))
          .catch((error: unknown) => notifyError(servicesDe.toasts.archiveFailed, errorText(error)))
          .finally(() => {
            setPending(false);
            setRequest(null);
          });
      },
    });

  return { ask, dialog: <ConfirmDialog request={request} pending={pending} onCancel={() => setRequest(null)} /> };
}
