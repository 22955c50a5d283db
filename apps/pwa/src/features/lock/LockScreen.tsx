import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { PasswordField } from '../../components/PasswordField';
import { lockDe } from '../../i18n/lock.de';
import { useLockStore } from '../../sync/lockStore';
import { PrfUnlockButton } from './PrfUnlockButton';

type Mode = 'pin' | 'password';

/**
 * Replaces the app's content while the device data is locked: nothing of the route's
 * screen stays mounted, so no patient data is on screen or in React state. The URL stays, so the
 * unlock returns to the same place. The PIN is offered online only (the server holds its share);
 * the device lock (WebAuthn PRF) online and offline.
 */
export function LockScreen({ user }: { user: { id: number; name: string } }) {
  const { status, error, discardedInput, hasPin, hasPrf, methodsKnown } = useLockStore();
  const { online } = useNetwork();
  const [chosen, setChosen] = useState<Mode>('pin');
  const [secret, setSecret] = useState('');
  const [missing, setMissing] = useState(false);
  const pinPossible = hasPin && online;
  const mode: Mode = pinPossible ? chosen : 'password';

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode === 'pin' ? !/^\d{6}$/.test(secret) : !secret) {
      setMissing(true);
      return;
    }
    setMissing(false);
    void import('../../sync/deviceUnlock').then(async ({ unlockSignedInDevice, unlockSignedInDeviceWithPin }) => {
      const unlocked = mode === 'pin' ? await unlockSignedInDeviceWithPin(user, secret) : await unlockSignedInDevice(user, secret);
      if (unlocked || mode === 'pin') setSecret('');
    });
  };

  const switchMode = () => {
    setChosen(mode === 'pin' ? 'password' : 'pin');
    setSecret('');
    setMissing(false);
  };

  const errorText = missing ? (mode === 'pin' ? lockDe.pinRequired : lockDe.passwordRequired) : error;
  return (
    <Paper withBorder p="lg" maw={480} mx="auto" mt="xl" component="section" aria-labelledby="lock-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2" id="lock-title">{lockDe.title}</Title>
          <Text>{lockDe.text(user.name)}</Text>
          {discardedInput && <Alert color="blue">{lockDe.discardedInput}</Alert>}
          {/* A full page load paints the lock screen before the device's database has said whether
              it holds a PIN (app/layout/LockedFrame.tsx): the form waits for that, briefly. */}
          {!methodsKnown ? (
            <Center mih={120}>
              <Loader size="sm" aria-label={lockDe.preparing} />
            </Center>
          ) : (
            <>
              {hasPin && !online && <Text size="sm">{hasPrf ? lockDe.offlineHintPrf : lockDe.pinOfflineHint}</Text>}
              {hasPrf && <PrfUnlockButton user={user} />}
              <PasswordField
                key={mode}
                label={mode === 'pin' ? lockDe.pin : lockDe.password}
                autoComplete={mode === 'pin' ? 'off' : 'current-password'}
                inputMode={mode === 'pin' ? 'numeric' : undefined}
                maxLength={mode === 'pin' ? 6 : undefined}
                value={secret}
                onChange={(e) => setSecret(e.currentTarget.value)}
                error={errorText}
                data-autofocus
              />
              <Button type="submit" loading={status === 'unlocking'}>{mode === 'pin' ? lockDe.pinSubmit : lockDe.submit}</Button>
              {pinPossible && (
                <Button variant="subtle" onClick={switchMode}>{mode === 'pin' ? lockDe.usePassword : lockDe.usePin}</Button>
              )}
            </>
          )}
          <Text size="sm" c="dimmed">{lockDe.syncGoesOn}</Text>
        </Stack>
      </form>
    </Paper>
  );
}
