import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconArrowsDiff, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { failureMessage } from '../features/minor-treatments/failureMessage';
import { de } from '../i18n/de';
import { notifyError } from '../lib/notify';

interface ConflictNoticeProps {
  title: string;
  text: string;
  reviewLabel: string;
  reviewFailedTitle: string;
  /** Absent where the user may not change the record: the notice stays, without the button. */
  onReviewed?: () => Promise<void>;
}

/**
 * Two devices changed the same record while apart (docs/sync-protocol.md, Conflicts): the last
 * transmitted value won and the server kept the replaced one. 'Angaben geprüft' removes the
 * notice on every device after sync — unless another conflict arrived meanwhile.
 */
export function ConflictNotice({ title, text, reviewLabel, reviewFailedTitle, onReviewed }: ConflictNoticeProps) {
  const [saving, setSaving] = useState(false);
  const review = async () => {
    if (!onReviewed) return;
    setSaving(true);
    try {
      await onReviewed();
    } catch (error) {
      notifyError(reviewFailedTitle, failureMessage(error) || de.errors.unknown);
      setSaving(false);
    }
  };
  return (
    <Alert color="orange" variant="light" icon={<IconArrowsDiff aria-hidden />} title={title} role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        {onReviewed && (
          <Button size="sm" variant="light" color="orange" leftSection={<IconChecks size={18} aria-hidden />} loading={saving} onClick={() => void review()}>
            {reviewLabel}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
