import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { de } from '../i18n/de';

export interface ConfirmRequest {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** Why the action failed: shown in the dialog at once, not as a toast behind it. */
  error?: string;
}

/** The request with the reason of its failure, for `setConfirm((current) => withError(current, text))`. */
export const withError = (request: ConfirmRequest | null, error: string): ConfirmRequest | null => request && { ...request, error };

interface ConfirmDialogProps {
  request: ConfirmRequest | null;
  pending?: boolean;
  onCancel: () => void;
}

/** Asks before an action that cannot be undone from this screen (removing, leaving, deleting). */
export function ConfirmDialog({ request, pending = false, onCancel }: ConfirmDialogProps) {
  return (
    <Modal
      opened={request !== null}
      onClose={onCancel}
      title={request?.title}
      closeButtonProps={{ 'aria-label': de.organizationKey.close }}
    >
      <Stack gap="md">
        <Text>{request?.text}</Text>
        {request?.error && (
          <Alert color="red" role="alert">
            {request.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {de.organizations.cancel}
          </Button>
          <Button color="red" loading={pending} onClick={() => request?.onConfirm()}>
            {request?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
