import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { adminDe } from '../../i18n/de';

const t = adminDe;

export interface ActionRequest {
  title: string;
  text: string;
  confirmLabel: string;
  /** Red for destructive actions. */
  danger?: boolean;
  /** Shown highlighted above the buttons (e.g. how much patient documentation is lost). */
  warning?: string;
  /** Ask for an optional reason (blocking: it goes into the notification mail). */
  withReason?: boolean;
  /** The exact name to type before the action is allowed (deleting patient documentation). */
  confirmName?: string;
  onConfirm: (values: { reason: string; confirmName: string }) => void;
}

interface ActionDialogProps {
  request: ActionRequest | null;
  pending: boolean;
  onCancel: () => void;
}

/** Confirmation of a row action; deletion of patient documentation asks for the name typed. */
export function ActionDialog({ request, pending, onCancel }: ActionDialogProps) {
  return (
    <Modal opened={request !== null} onClose={onCancel} title={request?.title} closeButtonProps={{ 'aria-label': t.common.close }}>
      {/* Keyed: a new request starts with empty fields. */}
      {request && <ActionForm key={`${request.title}:${request.text}:${request.confirmName ?? ''}`} request={request} pending={pending} onCancel={onCancel} />}
    </Modal>
  );
}

function ActionForm({ request, pending, onCancel }: { request: ActionRequest; pending: boolean; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const [typedName, setTypedName] = useState('');
  const nameRequired = request.confirmName !== undefined;
  const nameMatches = !nameRequired || typedName.trim() === request.confirmName?.trim();

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (nameMatches) request.onConfirm({ reason: reason.trim(), confirmName: typedName.trim() });
      }}
      noValidate
    >
      <Stack gap="md">
        <Text>{request.text}</Text>
        {request.warning && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {request.warning}
          </Alert>
        )}
        {request.withReason && (
          <Textarea label={t.common.reason} description={t.common.reasonHint} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} rows={2} />
        )}
        {nameRequired && (
          <TextInput
            label={t.deletion.confirmLabel}
            description={t.deletion.confirmHint(request.confirmName ?? '')}
            value={typedName}
            onChange={(e) => setTypedName(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
            required
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t.common.cancel}
          </Button>
          <Button type="submit" color={request.danger ? 'red' : undefined} loading={pending} disabled={!nameMatches}>
            {request.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
