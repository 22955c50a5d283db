import { Alert, Button, Code, Group, Image, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { TotpSetupResponse } from '@sanidok/schema';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { PasswordField } from '../../components/PasswordField';
import { de } from '../../i18n/de';
import { twoFactorDe as t } from '../../i18n/twoFactor.de';
import { notifySuccess } from '../../lib/notify';
import { useQrCode } from '../../lib/useQrCode';
import { useTwoFactorActions } from './actions';
import { RecoveryCodes } from './RecoveryCodes';

/** A numeric one-time-code field: the phone's keypad and the browser's one-time-code autofill. */
export function CodeField({ label, value, onChange, digitsOnly = false }: { label: string; value: string; onChange: (v: string) => void; digitsOnly?: boolean }) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      autoComplete="one-time-code"
      inputMode={digitsOnly ? 'numeric' : 'text'}
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={digitsOnly ? 6 : 12}
    />
  );
}

function QrStep({ setup }: { setup: TotpSetupResponse }) {
  const qr = useQrCode(setup.otpauthUri);
  return (
    <Stack gap="xs" align="center">
      <Text size="sm">{t.scan}</Text>
      {qr && <Image src={qr} alt={t.qrAlt} w={200} h={200} />}
      <Text size="sm" c="dimmed">
        {t.secretLabel}
      </Text>
      <Code fz="sm" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
        {setup.secret}
      </Code>
    </Stack>
  );
}

/**
 * Set-up in three steps — password (and a current code when changing the device), QR code and the
 * first code, then the recovery codes shown once. Errors show in the dialog, where the medic looks.
 */
export function TwoFactorSetupDialog({ opened, enabled, onClose }: { opened: boolean; enabled: boolean; onClose: () => void }) {
  const { start, confirm } = useTwoFactorActions();
  const [password, setPassword] = useState('');
  const [currentCode, setCurrentCode] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const failure = start.error ?? confirm.error;

  const close = () => {
    setPassword('');
    setCurrentCode('');
    setCode('');
    setSetup(null);
    setCodes(null);
    start.reset();
    confirm.reset();
    onClose();
  };
  const submit = () => {
    if (!setup) {
      start.mutate({ currentPassword: password, ...(enabled && { code: currentCode }) }, { onSuccess: (answer) => setSetup(answer) });
    } else {
      confirm.mutate({ code }, { onSuccess: (answer) => {
        setCodes(answer.recoveryCodes);
        notifySuccess(t.title, t.enabledToast);
      } });
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={codes ? t.recoveryTitle : t.setupTitle} closeButtonProps={{ 'aria-label': de.common.cancel }}>
      {codes ? (
        <Stack gap="md">
          <RecoveryCodes codes={codes} />
          <Button onClick={close}>{t.done}</Button>
        </Stack>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); submit(); }} noValidate>
          <Stack gap="md">
            {setup ? (
              <>
                <QrStep setup={setup} />
                <CodeField label={t.firstCode} value={code} onChange={setCode} digitsOnly />
              </>
            ) : (
              <>
                <Text size="sm">{enabled ? t.stepPasswordAndCode : t.stepPassword}</Text>
                <PasswordField label={t.currentPassword} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
                {enabled && <CodeField label={t.currentCode} value={currentCode} onChange={setCurrentCode} />}
              </>
            )}
            {failure && (
              <Alert color="red" role="alert">
                {errorMessage(failure)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {de.common.cancel}
              </Button>
              <Button type="submit" loading={start.isPending || confirm.isPending}>
                {setup ? t.confirm : t.next}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
