import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { Service } from '@sanidok/schema';
import { joinServiceSchema } from '@sanidok/schema';
import { useState } from 'react';
import { serviceTeamsDe } from '../../../i18n/serviceTeams.de';
import { notifySuccess } from '../../../lib/notify';
import { useJoinService } from './actions';
import { describeError } from '../../../lib/describeError';

const t = serviceTeamsDe.join;

interface JoinServiceDialogProps {
  service: Pick<Service, 'id' | 'name'>;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Mit Zugangscode beitreten': the code is checked on the server (wrong code, 10 tries per
 * 15 minutes, service not running: its German message shows under the field); offline says so.
 */
export function JoinServiceDialog({ service, opened, onClose }: JoinServiceDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const join = useJoinService(service.id);

  const close = () => {
    if (join.isPending) return;
    setError(null);
    setCode('');
    onClose();
  };

  const submit = () => {
    const parsed = joinServiceSchema.safeParse({ accessCode: code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    join.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(t.joined, t.joinedText(service.name));
        setCode('');
        onClose();
      },
      onError: (failure) => setError(describeError(failure, t.offline)),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t.title} closeButtonProps={{ 'aria-label': t.cancel }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t.code}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            size="md"
            data-autofocus
            error={error}
          />
          {join.isError && error === null && <Alert color="red">{describeError(join.error, t.offline)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={join.isPending} size="md">
              {t.cancel}
            </Button>
            <Button type="submit" loading={join.isPending} size="md">
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
