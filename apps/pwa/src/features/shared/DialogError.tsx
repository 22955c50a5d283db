import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';

/** Why a dialog's action failed: the spec's toast title and the message. */
export interface DialogFailure {
  title: string;
  message: string;
}

/**
 * The failure of a form dialog, shown in the dialog at once, above its buttons: a toast
 * came late, lay behind the dialog's overlay or over its title, and vanished while the medic still read the
 * form. The dialog keeps every input; the next submit or closing clears the message.
 */
export function DialogError({ failure }: { failure: DialogFailure | null }) {
  if (!failure) return null;
  return (
    <Alert color="red" role="alert" title={failure.title} icon={<IconAlertTriangle size={20} aria-hidden />}>
      {failure.message}
    </Alert>
  );
}

/** State for DialogError: `fail` shows a failure, `clear` takes it away (on submit, on close). */
export function useDialogFailure() {
  const [failure, setFailure] = useState<DialogFailure | null>(null);
  const fail = useCallback((title: string, message: string) => setFailure({ title, message }), []);
  const clear = useCallback(() => setFailure(null), []);
  return useMemo(() => ({ failure, fail, clear }), [failure, fail, clear]);
}
