import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { OrganizationListItem } from '@sanidok/schema';
import { archiveMessages } from '@sanidok/schema';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { archiveDe } from '../../i18n/de';
import { keyRecoveryDe } from '../../i18n/keyRecovery.de';
import { notifySuccess } from '../../lib/notify';
import type { RevealedOrganizationKey } from '../organizations/createOrganization';
import { requestKeyChangeChallenge, useGenerateOrganizationKey } from './actions';
import { loadArchiveCrypto } from './openArchive';
import { DialogError, useDialogFailure } from '../shared/DialogError';

const t = archiveDe.generate;

interface GenerateKeyDialogProps {
  organization: OrganizationListItem | null;
  onClose: () => void;
  /** The new key, for the one-time key dialog; never stored anywhere else. */
  onGenerated: (revealed: RevealedOrganizationKey) => void;
  /** 'Schlüssel verloren?': the recovery without the current key (KeyRecoveryDialog). */
  onLostKey: () => void;
}

/**
 * The spec's 'generate key' as a rotation (docs/decisions.md): this browser makes the new secret,
 * the server receives its public keys, the owner's password as confirmation and a signature by
 * the current key, which the owner types in and which never leaves the browser.
 */
export function GenerateKeyDialog({ organization, onClose, onGenerated, onLostKey }: GenerateKeyDialogProps) {
  const generateKey = useGenerateOrganizationKey();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [currentKey, setCurrentKey] = useState('');
  const [currentKeyError, setCurrentKeyError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const failure = useDialogFailure();

  const close = () => {
    if (pending) return;
    failure.clear();
    setPassword('');
    setPasswordError(null);
    setCurrentKey('');
    setCurrentKeyError(null);
    onClose();
  };

  const submit = async () => {
    if (!organization) return;
    const keyMissing = currentKey.trim() === '';
    if (keyMissing) setCurrentKeyError(t.currentKeyRequired);
    if (!password) setPasswordError(archiveMessages.passwordRequired);
    if (keyMissing || !password) return;
    failure.clear();
    setPending(true);
    let secret: Uint8Array | undefined;
    let current: Uint8Array | undefined;
    try {
      const crypto = await loadArchiveCrypto();
      const parsed = crypto.parseOrganizationSecret(currentKey);
      if (!parsed.ok) {
        setCurrentKeyError(parsed.reason === 'format' ? archiveDe.key.formatInvalid : archiveDe.key.checksumInvalid);
        return;
      }
      current = parsed.secret;
      const created = await crypto.newOrganizationKey();
      secret = created.secret;
      const { publicKeys } = created;
      const challenge = await requestKeyChangeChallenge(organization.id);
      const rotationSignature = await crypto.signKeyRotation(current, organization.id, challenge.nonce, publicKeys);
      const updated = await generateKey(organization.id, publicKeys, password, { challengeId: challenge.challengeId, rotationSignature });
      setPassword('');
      setCurrentKey('');
      notifySuccess(t.done, t.doneText);
      onGenerated({ organizationName: updated.name, keyText: crypto.encodeOrganizationSecret(secret), fingerprint: publicKeys.keyFingerprint, createdAt: new Date().toISOString() });
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.currentPassword : undefined;
      if (field) setPasswordError(field);
      else if (error instanceof ApiError && error.status === 403) setCurrentKeyError(errorMessage(error));
      else failure.fail(t.failed, errorMessage(error));
    } finally {
      secret?.fill(0);
      current?.fill(0);
      setPending(false);
    }
  };

  return (
    <Modal opened={organization !== null} onClose={close} title={t.title} size="lg" closeButtonProps={{ 'aria-label': t.cancel }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{t.explanation}</Text>
          <Alert color="orange" icon={<IconAlertTriangle aria-hidden />}>
            {t.consequence}
          </Alert>
          <TextInput
            label={t.currentKey}
            description={t.currentKeyHint}
            placeholder={archiveDe.key.placeholder}
            value={currentKey}
            onChange={(e) => {
              setCurrentKey(e.currentTarget.value);
              setCurrentKeyError(null);
            }}
            error={currentKeyError}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <PasswordInput
            label={t.password}
            description={t.passwordHint}
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setPasswordError(null);
            }}
            error={passwordError}
            autoComplete="current-password"
            required
          />
          <DialogError failure={failure.failure} />
          <Group justify="space-between" wrap="wrap">
            <Button variant="subtle" onClick={onLostKey} disabled={pending}>
              {keyRecoveryDe.lostKey}
            </Button>
            <Group gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              {t.cancel}
            </Button>
            <Button type="submit" color="orange" loading={pending}>
              {t.submit}
            </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
