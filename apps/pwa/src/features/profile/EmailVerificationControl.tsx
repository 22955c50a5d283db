import { Badge, Button, Group } from '@mantine/core';
import type { PublicUser } from '@sanidok/schema';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import { emailVerificationDe as t } from '../../i18n/emailVerification.de';
import { notifyError, notifySuccess } from '../../lib/notify';
import { requestEmailVerification } from '../auth/actions';

/** The address's state and, while unconfirmed, the way to confirm it (online; the mail holds the link). */
export function EmailVerificationControl({ user }: { user: PublicUser }) {
  const send = useMutation({
    mutationFn: requestEmailVerification,
    onSuccess: (answer) => notifySuccess(t.sendFailed, answer.message),
    onError: (error) => notifyError(t.sendFailed, errorMessage(error)),
  });
  if (!user.email) return null;
  return (
    <Group gap="xs" mt={4} wrap="wrap">
      <Badge variant="light" color={user.emailVerified ? 'green' : 'gray'}>
        {user.emailVerified ? t.verified : t.unverified}
      </Badge>
      {!user.emailVerified && (
        <Button size="compact-sm" variant="subtle" mih={44} loading={send.isPending} onClick={() => send.mutate()}>
          {t.send}
        </Button>
      )}
    </Group>
  );
}
