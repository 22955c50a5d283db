import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { lockDe } from '../../i18n/lock.de';
import { notifyError, notifySuccess } from '../../lib/notify';
import { platformAuthenticatorAvailable } from '../../lib/platformAuthenticator';
import { useLockStore } from '../../sync/lockStore';

type Notice = 'unsupported' | 'cancelled' | 'refused' | null;
const noticeText = { unsupported: lockDe.prfUnsupported, cancelled: lockDe.prfSetupCancelled, refused: lockDe.prfRefused } as const;

/**
 * /settings: quick unlock through the device lock (WebAuthn PRF). Offered only where
 * the browser has a user-verifying platform authenticator; whether it has PRF shows only at the
 * enrolment, which then stores nothing and says so.
 */
export function PrfSettings() {
  const hasPrf = useLockStore((s) => s.hasPrf);
  const [available, setAvailable] = useState<boolean | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void platformAuthenticatorAvailable().then((value) => {
      if (live) setAvailable(value);
    });
    return () => {
      live = false;
    };
  }, []);

  const enrol = () => {
    setNotice(null);
    setBusy(true);
    void import('../../sync/deviceUnlock')
      .then(({ enrolPrfOnSignedInDevice }) => enrolPrfOnSignedInDevice())
      .then((result) => {
        if (result === 'enrolled') notifySuccess(lockDe.prfSaved, lockDe.prfSavedText);
        else setNotice(result);
      })
      .catch((failure: unknown) => notifyError(lockDe.prfSaveFailed, errorMessage(failure)))
      .finally(() => setBusy(false));
  };

  const remove = () => {
    setBusy(true);
    void import('../../sync/deviceUnlock')
      .then(({ removePrfOnSignedInDevice }) => removePrfOnSignedInDevice())
      .then(() => notifySuccess(lockDe.prfRemoved, lockDe.prfRemovedText))
      .catch((failure: unknown) => notifyError(lockDe.failed, errorMessage(failure)))
      .finally(() => setBusy(false));
  };

  return (
    <Stack gap="sm">
      <Title order={3} fz="h4">{lockDe.prfSetupTitle}</Title>
      {available === false && !hasPrf ? (
        <Text size="sm">{lockDe.prfUnavailable}</Text>
      ) : (
        <Text size="sm">{lockDe.prfSetupText}</Text>
      )}
      {hasPrf && <Text size="sm" fw={500}>{lockDe.prfActive}</Text>}
      {notice && (
        <Alert color={notice === 'cancelled' ? 'gray' : 'yellow'} role="status">
          {noticeText[notice]}
        </Alert>
      )}
      <Group>
        {hasPrf ? (
          <Button variant="default" onClick={remove} loading={busy}>{lockDe.prfRemove}</Button>
        ) : (
          available && <Button onClick={enrol} loading={busy}>{lockDe.prfEnable}</Button>
        )}
      </Group>
    </Stack>
  );
}
