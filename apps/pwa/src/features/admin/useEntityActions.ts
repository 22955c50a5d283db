import { useState } from 'react';
import { ApiError } from '../../api/client';
import { adminDe } from '../../i18n/de';
import { notifySuccess } from '../../lib/notify';
import type { ActionRequest } from './ActionDialog';
import { useDeleteEntity } from './actions';
import { notifyFailure } from './notifyFailure';
import type { BlockTexts } from './useBlockAction';
import { useBlockAction } from './useBlockAction';

export interface ManagedEntity {
  id: number | string;
  name: string;
  isBlocked: boolean;
  patientRecordCount: number;
  archivedProtocolCount: number;
}

interface Texts extends BlockTexts {
  deleteTitle: string;
  deleteText: (name: string) => string;
}

/**
 * Block/unblock (useBlockAction) and delete for organisations and services. Deleting asks for the name whenever
 * patient documentation hangs on it; should the server find some the list did not show yet
 * (CONFIRMATION_REQUIRED), the dialog asks again with the name field.
 */
export function useEntityActions(list: 'organizations' | 'services', texts: Texts) {
  const remove = useDeleteEntity(list);
  const [action, setAction] = useState<ActionRequest | null>(null);
  const { askBlock, blockPending } = useBlockAction(list, texts, setAction);

  const askDelete = (entity: ManagedEntity, forceName = false) => {
    const needsName = forceName || entity.patientRecordCount > 0;
    setAction({
      title: texts.deleteTitle,
      text: `${texts.deleteText(entity.name)} ${adminDe.deletion.recorded}`,
      confirmLabel: adminDe.common.delete,
      danger: true,
      warning: entity.patientRecordCount > 0 ? adminDe.deletion.patientWarning(entity.patientRecordCount, entity.archivedProtocolCount) : undefined,
      confirmName: needsName ? entity.name : undefined,
      onConfirm: ({ confirmName }) =>
        remove.mutate(
          { id: entity.id, confirmName: needsName ? confirmName : undefined },
          {
            onSuccess: () => {
              setAction(null);
              notifySuccess(adminDe.toasts.deleted, adminDe.toasts.deletedText(entity.name));
            },
            onError: (error) => {
              notifyFailure(adminDe.toasts.error, error);
              if (error instanceof ApiError && error.code === 'CONFIRMATION_REQUIRED' && !needsName) askDelete(entity, true);
            },
          },
        ),
    });
  };

  return { action, setAction, askBlock, askDelete, pending: blockPending || remove.isPending };
}
