import type { ModalProps } from '@mantine/core';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

interface CaptureModalProps extends Omit<ModalProps, 'fullScreen' | 'closeOnClickOutside' | 'closeButtonProps'> {
  /** Accessible name of the close button (German, from the dialog's texts). */
  closeLabel: string;
  /** Below this width the dialog takes the whole screen (a phone, or a tablet in split view). */
  fullScreenBelow?: '36em' | '48em';
}

/**
 * The frame of every capture dialog on a tablet: a stray tap beside it must not throw away what
 * was typed, so only the close button, Escape or the dialog's own buttons close it.
 */
export function CaptureModal({ closeLabel, fullScreenBelow = '36em', children, ...modalProps }: CaptureModalProps) {
  const fullScreen = useMediaQuery(`(max-width: ${fullScreenBelow})`);
  return (
    <Modal {...modalProps} fullScreen={fullScreen} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': closeLabel }}>
      {children}
    </Modal>
  );
}
