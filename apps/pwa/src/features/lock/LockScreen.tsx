import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { PasswordField } from '../../components/PasswordField';
import { lockDe } from '../../i18n/lock.de';
import { useLockStore } from '../../sync/lockStore';

/**
 * Replaces the app's content while the device data is locked (issue 16): nothing of the route's
 * screen stays mounted, so no patient data is on screen or in React state. The URL stays, so the
 * unlock returns to the same place.
 */
export function LockScreen({ user }: { user: { id: number; name: string } }) {
  const { status, error, discardedInput } = useLockStore();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    void import('../../sync/deviceUnlock').then(async ({ unlockSignedInDevice }) => {
      if (await unlockSignedInDevice(user, password)) setPassword('');
    });
  };

  const errorText = missing ? lockDe.passwordRequired : error === 'wrong-password' ? lockDe.wrongPassword : error === 'failed' ? lockDe.failed : null;
  return (
    <Paper withBorder p="lg" maw={480} mx="auto" mt="xl" component="section" aria-labelledby="lock-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2" id="lock-title">{lockDe.title}</Title>
          <Text>{lockDe.text(user.name)}</Text>
          {discardedInput && <Alert color="yellow">{lockDe.discardedInput}</Alert>}
          <PasswordField
            label={lockDe.password}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errorText}
            data-autofocus
          />
          <Button type="submit" loading={status === 'unlocking'}>{lockDe.submit}</Button>
          <Text size="sm" c="dimmed">{lockDe.syncGoesOn}</Text>
        </Stack>
      </form>
    </Paper>
  );
}
