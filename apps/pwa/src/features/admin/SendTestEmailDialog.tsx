import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { EmailConfigurationItem } from '@sanidok/schema';
import { fieldMessages, sendTestEmailSchema } from '@sanidok/schema';
import { useState } from 'react';
import { adminDe } from '../../i18n/de';
import { notifySuccess } from '../../lib/notify';
import { useSendTestEmail } from './actions';
import { mailFailureText } from './notifyFailure';
import { DialogError, useDialogFailure } from '../shared/DialogError';

const t = adminDe.email;

/** 'Test-E-Mail senden' with one configuration to an address (docs/spec/accounts.md §5: address and configuration needed). */
export function SendTestEmailDialog({ configuration, onClose }: { configuration: EmailConfigurationItem | null; onClose: () => void }) {
  const send = useSendTestEmail();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const failure = useDialogFailure();

  const close = () => {
    failure.clear();
    setEmail('');
    setError(undefined);
    send.reset();
    onClose();
  };

  const submit = (event: React.SubmitEvent) => {
    event.preventDefault();
    if (!configuration) return;
    const parsed = sendTestEmailSchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldMessages(parsed.error).email);
      return;
    }
    setError(undefined);
    failure.clear();
    send.mutate(
      { configId: configuration.id, email: parsed.data.email },
      {
        onSuccess: (result) => {
          notifySuccess(adminDe.toasts.testSent, result.message);
          close();
        },
        onError: (error) => failure.fail(adminDe.toasts.testFailed, mailFailureText(error)),
      },
    );
  };

  return (
    <Modal opened={configuration !== null} onClose={close} title={configuration ? t.sendTestTitle(configuration.name) : ''} closeButtonProps={{ 'aria-label': adminDe.common.close }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t.testAddress} type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={error} data-autofocus />
          <DialogError failure={failure.failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={send.isPending}>
              {adminDe.common.cancel}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t.sendTestSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
