import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { pinSchema } from '@sanidok/schema';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { PasswordField } from '../../components/PasswordField';
import { lockDe } from '../../i18n/lock.de';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useLockStore } from '../../sync/lockStore';
import { useOrganizations } from '../../data/hooks';
import { PrfSettings } from './PrfSettings';
import { deviceLockChoice, effectiveLockMinutes, lockTimeChoices, organizationLockLimit, setDeviceLockChoice } from './lockTime';

/** /settings: the device's inactivity time (at most the organisations' limit) and its quick unlock by PIN or device lock. */
export function LockSettings() {
  const hasPin = useLockStore((s) => s.hasPin);
  const organizations = useOrganizations();
  const limit = organizationLockLimit(organizations);
  const [choice, setChoice] = useState(deviceLockChoice);
  const minutes = effectiveLockMinutes(choice, limit);
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = pinSchema.safeParse(pin);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? lockDe.pinRequired);
      return;
    }
    if (pin !== repeat) {
      setError(lockDe.pinMismatch);
      return;
    }
    setError(null);
    setSaving(true);
    void import('../../sync/deviceUnlock')
      .then(({ enrolPinOnSignedInDevice }) => enrolPinOnSignedInDevice(pin))
      .then(() => {
        setPin('');
        setRepeat('');
        notifySuccess(lockDe.pinSaved, lockDe.pinSavedText);
      })
      .catch((failure: unknown) => notifyError(lockDe.pinSaveFailed, errorMessage(failure)))
      .finally(() => setSaving(false));
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="lock-settings-title">
      <Stack gap="md">
        <Title order={2} fz="h3" id="lock-settings-title">{lockDe.settingsTitle}</Title>
        <Text>{lockDe.settingsText}</Text>
        <NativeSelect
          label={lockDe.lockAfter}
          description={organizations?.length ? lockDe.lockAfterLimit(limit) : undefined}
          value={String(minutes)}
          data={lockTimeChoices(limit).map((m) => ({ value: String(m), label: lockDe.lockAfterOption(m) }))}
          onChange={(e) => {
            setDeviceLockChoice(Number(e.currentTarget.value));
            setChoice(deviceLockChoice());
          }}
        />
        <Title order={3} fz="h4">{lockDe.pinSetupTitle}</Title>
        <Text size="sm">{lockDe.pinSetupText}</Text>
        {hasPin && <Text size="sm" fw={500}>{lockDe.pinActive}</Text>}
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <PasswordField label={lockDe.pinNew} inputMode="numeric" maxLength={6} autoComplete="off" value={pin} onChange={(e) => setPin(e.currentTarget.value)} error={error} />
              <PasswordField label={lockDe.pinRepeat} inputMode="numeric" maxLength={6} autoComplete="off" value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} />
            </Group>
            <Group>
              <Button type="submit" loading={saving}>{lockDe.pinSave}</Button>
            </Group>
          </Stack>
        </form>
        <PrfSettings />
      </Stack>
    </Paper>
  );
}
