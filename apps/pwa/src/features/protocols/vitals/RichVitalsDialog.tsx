import { Stack } from '@mantine/core';
import { useReducer, useRef, useState } from 'react';
import { draftIds } from '../../../data/drafts/draftStore';
import { vitalsDe } from '../../../i18n/vitals.de';
import { DraftRestoredNotice } from '../../shared/DraftRestoredNotice';
import { useValueDraft } from '../../shared/useValueDraft';
import { RichVitalsForm } from './RichVitalsForm';
import type { RichVitalsState } from './richVitalsForm';
import { emptyRichVitals, richVitalsReducer } from './richVitalsForm';
import { CaptureModal } from '../../../components/CaptureModal';

export interface RichVitalsDialogProps {
  protocolId: string;
  opened: boolean;
  onClose: () => void;
  /** A draft of an unsaved measurement came back (after a lock or a reload): the timeline opens the dialog with it. */
  onDraftRestored?: () => void;
}

/**
 * 'Neue Vitalparameter-Messung' (docs/spec/services.md §2): the modal around the rich form. Closing it without
 * saving starts the next opening with an empty form (docs/spec/services.md §4: the dialogs reset on cancel).
 * The values live here, not in the form inside the modal: the draft of them (docs/decisions.md
 * "Drafts survive a lock") is restored while the modal is still closed.
 */
export function RichVitalsDialog({ protocolId, opened, onClose, onDraftRestored }: RichVitalsDialogProps) {
  const savingRef = useRef(false);
  const [formKey, setFormKey] = useState(0);
  const [state, dispatch] = useReducer(richVitalsReducer, undefined, emptyRichVitals);
  const draft = useValueDraft(state, {
    id: draftIds.richVitals(protocolId), recordId: protocolId, onRestored: onDraftRestored,
    restore: (kept: RichVitalsState) => dispatch({ type: 'restore', state: kept }),
  });

  const close = () => {
    if (savingRef.current) return;
    draft.clear();
    dispatch({ type: 'reset' });
    setFormKey((key) => key + 1);
    onClose();
  };

  const done = () => {
    draft.clear();
    onClose();
  };

  return (
    <CaptureModal
      opened={opened}
      onClose={close}
      title={vitalsDe.rich.title}
      size="xl"
      closeLabel={vitalsDe.rich.close}
    >
      <Stack gap="md">
        <DraftRestoredNotice at={draft.restoredAt} />
        <RichVitalsForm key={formKey} protocolId={protocolId} onDone={done} savingRef={savingRef} state={state} dispatch={dispatch} />
      </Stack>
    </CaptureModal>
  );
}
