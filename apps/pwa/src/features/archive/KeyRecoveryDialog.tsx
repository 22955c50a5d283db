import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { OrganizationListItem } from '@sanidok/schema';
import { archiveMessages } from '@sanidok/schema';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { keyRecoveryDe as t } from '../../i18n/keyRecovery.de';
import { formatDateTime } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { requestManualSync } from '../../sync/syncSession';
import type { RevealedOrganizationKey } from '../organizations/createOrganization';
import { requestKeyRecovery } from './actions';
import { loadArchiveCrypto } from './openArchive';

interface KeyRecoveryDialogProps {
  organization: OrganizationListItem | null;
  onClose: () => void;
  /** The new key, for the one-time key dialog: it works once the waiting time is over. */
  onGenerated: (revealed: RevealedOrganizationKey) => void;
}

/** 'Schlüssel verloren?': a new key without the old one's signature, effective after the waiting time (docs/security.md "Key recovery"). */
export function KeyRecoveryDialog({ organization, onClose, onGenerated }: KeyRecoveryDialogProps) {
  const [password, setPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = () => {
    if (pending) return;
    setPassword('');
    setTotpCode('');
    setError(null);
    setCodeError(null);
    onClose();
  };

  const submit = async () => {
    if (!organization) return;
    if (!password) {
      setError(archiveMessages.passwordRequired);
      return;
    }
    setPending(true);
    let secret: Uint8Array | undefined;
    try {
      const crypto = await loadArchiveCrypto();
      const created = await crypto.newOrganizationKey();
      secret = created.secret;
      const { publicKeys } = created;
      const recovery = await requestKeyRecovery(organization.id, publicKeys, password, totpCode);
      setPassword('');
      setTotpCode('');
      notifySuccess(t.done, recovery.approved ? t.doneText(formatDateTime(recovery.effectiveAt)) : t.doneAwaitingApproval);
      requestManualSync();
      onGenerated({ organizationName: organization.name, keyText: crypto.encodeOrganizationSecret(secret), fingerprint: publicKeys.keyFingerprint, createdAt: new Date().toISOString() });
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields?.totpCode) setCodeError(failure.fields.totpCode);
      else setError(failure instanceof ApiError && failure.fields?.currentPassword ? failure.fields.currentPassword : errorMessage(failure));
    } finally {
      secret?.fill(0);
      setPending(false);
    }
  };

  return (
    <Modal opened={organization !== null} onClose={close} title={t.title} size="lg" closeButtonProps={{ 'aria-label': t.cancel }}>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
        <Stack gap="md">
          <Text size="sm">{t.explanation}</Text>
          <Alert color="orange" icon={<IconAlertTriangle aria-hidden />}>
            {t.waiting}
          </Alert>
          <PasswordInput
            label={t.password}
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            autoComplete="current-password"
            required
          />
          <TextInput
            label={t.totpCode}
            description={t.totpHint}
            value={totpCode}
            onChange={(e) => {
              setTotpCode(e.currentTarget.value);
              setCodeError(null);
            }}
            error={codeError}
            autoComplete="one-time-code"
            inputMode="numeric"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              {t.cancel}
            </Button>
            <Button type="submit" color="orange" loading={pending}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
