import { useRef, useState } from 'react';
import { vitalsDe } from '../../../i18n/vitals.de';
import { RichVitalsForm } from './RichVitalsForm';
import { CaptureModal } from '../../../components/CaptureModal';

export interface RichVitalsDialogProps {
  protocolId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Neue Vitalparameter-Messung' (docs/spec/services.md §2): the modal around the rich form. Closing it without
 * saving starts the next opening with an empty form (docs/spec/services.md §4: the dialogs reset on cancel).
 */
export function RichVitalsDialog({ protocolId, opened, onClose }: RichVitalsDialogProps) {
  const savingRef = useRef(false);
  const [formKey, setFormKey] = useState(0);

  const close = () => {
    if (savingRef.current) return;
    setFormKey((key) => key + 1);
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
      <RichVitalsForm key={formKey} protocolId={protocolId} onDone={onClose} savingRef={savingRef} />
    </CaptureModal>
  );
}
