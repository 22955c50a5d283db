import { adminDe } from '../../i18n/de';
import { notifySuccess } from '../../lib/notify';
import type { ActionRequest } from './ActionDialog';
import type { AdminListName } from './queries';
import { useSetBlocked } from './actions';
import { notifyFailure } from './notifyFailure';

export interface BlockTexts {
  blockTitle: string;
  blockText: (name: string) => string;
  unblockTitle: string;
  unblockText: (name: string) => string;
}

export interface Blockable {
  id: number | string;
  name: string;
  isBlocked: boolean;
}

/** Block/unblock of users, organisations and services: one confirmation (with reason when blocking), one toast. */
export function useBlockAction(list: AdminListName, texts: BlockTexts, setAction: (request: ActionRequest | null) => void) {
  const block = useSetBlocked(list);
  const askBlock = (entity: Blockable) => {
    const blocking = !entity.isBlocked;
    setAction({
      title: blocking ? texts.blockTitle : texts.unblockTitle,
      text: blocking ? texts.blockText(entity.name) : texts.unblockText(entity.name),
      confirmLabel: blocking ? adminDe.common.block : adminDe.common.unblock,
      danger: blocking,
      withReason: blocking,
      onConfirm: ({ reason }) =>
        block.mutate(
          { id: entity.id, isBlocked: blocking, reason: reason || null },
          {
            onSuccess: () => {
              setAction(null);
              notifySuccess(adminDe.toasts.saved, blocking ? adminDe.toasts.blockedText(entity.name) : adminDe.toasts.unblockedText(entity.name));
            },
            onError: (error) => notifyFailure(adminDe.toasts.error, error),
          },
        ),
    });
  };
  return { askBlock, blockPending: block.isPending };
}
