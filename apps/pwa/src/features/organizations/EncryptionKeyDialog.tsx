import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCopy, IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { de } from '../../i18n/de';
import { notifySuccess } from '../../lib/notify';
import type { RevealedOrganizationKey } from './createOrganization';
import { RecoverySheet } from './RecoverySheet';
import { DialogError, useDialogFailure } from '../shared/DialogError';

const t = de.organizationKey;

interface EncryptionKeyDialogProps {
  revealed: RevealedOrganizationKey;
  /** The caller drops the key from its state here; it is never shown again. */
  onClose: () => void;
}

/**
 * The one-time key dialog (docs/spec/accounts.md §2): the key, its fingerprint, copy and print. Every way of
 * closing (button, Escape, ×) first asks whether the key was saved.
 */
export function EncryptionKeyDialog({ revealed, onClose }: EncryptionKeyDialogProps) {
  const [confirming, setConfirming] = useState(false);
  const [printing, setPrinting] = useState(false);
  const failure = useDialogFailure();

  // The sheet holds a copy of the key: make sure it goes when the browser says printing is over.
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  const copy = async () => {
    // Only one toast is shown at a time (docs/spec/accounts.md §9): the copy feedback must not wait 5 s behind
    // 'Organisation erstellt', so that one makes room.
    notifications.clean();
    failure.clear();
    try {
      await navigator.clipboard.writeText(revealed.keyText);
      notifySuccess(de.organizationToasts.keyCopied, de.organizationToasts.keyCopiedText);
    } catch {
      failure.fail(de.organizationToasts.error, de.organizationToasts.copyFailed);
    }
  };

  const print = () => {
    // Mount the sheet synchronously, then print: window.print() blocks until the dialog closes.
    flushSync(() => setPrinting(true));
    window.print();
  };

  return (
    <Modal
      opened
      onClose={() => setConfirming(true)}
      closeOnClickOutside={false}
      title={confirming ? t.confirmTitle : t.title}
      size="lg"
      closeButtonProps={{ 'aria-label': t.close }}
    >
      {confirming ? (
        <Stack gap="md">
          <Text>{t.confirmText}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t.confirmBack}
            </Button>
            <Button color="red" onClick={onClose}>
              {t.confirmYes}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title={t.onlyNow}>
            <Stack gap="xs">
              <Text size="sm">{t.purpose}</Text>
              <Text size="sm" fw={600}>
                {t.noRecovery}
              </Text>
            </Stack>
          </Alert>
          <Textarea
            label={t.keyLabel}
            value={revealed.keyText}
            readOnly
            // Fixed rows, not autosize: the key has a fixed length and fits in two lines.
            rows={2}
            size="lg"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div>
            <Text size="sm" c="dimmed">
              {t.fingerprintLabel}
            </Text>
            <Text ff="monospace" aria-label={t.fingerprintLabel}>
              {revealed.fingerprint}
            </Text>
            <Text size="xs" c="dimmed">
              {t.fingerprintHint}
            </Text>
          </div>
          <Group>
            <Button leftSection={<IconCopy size={18} aria-hidden />} onClick={() => void copy()}>
              {t.copy}
            </Button>
            <Button variant="light" leftSection={<IconPrinter size={18} aria-hidden />} onClick={print}>
              {t.print}
            </Button>
          </Group>
          <DialogError failure={failure.failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(true)}>
              {t.close}
            </Button>
          </Group>
        </Stack>
      )}
      {printing && <RecoverySheet revealed={revealed} />}
    </Modal>
  );
}
