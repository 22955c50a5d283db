import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { PasswordField } from '../../components/PasswordField';
import { de } from '../../i18n/de';
import { twoFactorDe as t } from '../../i18n/twoFactor.de';
import { notifySuccess } from '../../lib/notify';
import { useTwoFactorActions } from './actions';
import { RecoveryCodes } from './RecoveryCodes';
import { CodeField } from './TwoFactorSetupDialog';

/** Switching off, or new recovery codes: both need the password and a current code. */
export function TwoFactorProofDialog({ purpose, onClose }: { purpose: 'disable' | 'regenerate' | null; onClose: () => void }) {
  const { disable, regenerate } = useTwoFactorActions();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const action = purpose === 'disable' ? disable : regenerate;

  const close = () => {
    setPassword('');
    setCode('');
    setCodes(null);
    disable.reset();
    regenerate.reset();
    onClose();
  };
  const submit = () => {
    const input = { currentPassword: password, code };
    if (purpose === 'disable') {
      disable.mutate(input, { onSuccess: () => {
        notifySuccess(t.title, t.disabledToast);
        close();
      } });
    } else {
      regenerate.mutate(input, { onSuccess: (answer) => setCodes(answer.recoveryCodes) });
    }
  };

  return (
    <Modal
      opened={purpose !== null}
      onClose={close}
      title={purpose === 'disable' ? t.disableTitle : codes ? t.recoveryTitle : t.regenerateTitle}
      closeButtonProps={{ 'aria-label': de.common.cancel }}
    >
      {codes ? (
        <Stack gap="md">
          <RecoveryCodes codes={codes} />
          <Button onClick={close}>{t.done}</Button>
        </Stack>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); submit(); }} noValidate>
          <Stack gap="md">
            <Text size="sm">{purpose === 'disable' ? t.disableIntro : t.regenerateIntro}</Text>
            <PasswordField label={t.currentPassword} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
            <CodeField label={t.currentCode} value={code} onChange={setCode} />
            {action.error && (
              <Alert color="red" role="alert">
                {errorMessage(action.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {de.common.cancel}
              </Button>
              <Button type="submit" color={purpose === 'disable' ? 'red' : undefined} loading={action.isPending}>
                {purpose === 'disable' ? t.disable : t.newRecoveryCodes}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
