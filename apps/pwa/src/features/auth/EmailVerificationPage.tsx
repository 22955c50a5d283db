import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { emailVerificationDe as t } from '../../i18n/emailVerification.de';
import { confirmEmailVerification } from './actions';
import { ResetFrame } from './PasswordResetPages';

/** /e-mail-bestaetigen?token=…: the link of the confirmation mail; works signed in or not, on any device. */
export function EmailVerificationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({ mutationFn: confirmEmailVerification });
  const sent = useRef(false);
  useEffect(() => {
    // Once per page: the token is single-use, a second call would report it spent.
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

  return (
    <ResetFrame title={t.pageTitle}>
      <Stack gap="md">
        {!token && <Alert color="red">{t.missingToken}</Alert>}
        {token && confirm.isPending && (
          <Stack align="center" gap="xs">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t.checking}</Text>
          </Stack>
        )}
        {confirm.isSuccess && <Alert color="green">{confirm.data.message}</Alert>}
        {confirm.isError && <Alert color="red">{errorMessage(confirm.error)}</Alert>}
        <Button component={Link} to="/dashboard" variant="light">
          {t.toApp}
        </Button>
      </Stack>
    </ResetFrame>
  );
}
