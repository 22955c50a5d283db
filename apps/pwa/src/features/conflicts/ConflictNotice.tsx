import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowsDiff, IconChecks, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { conflictsDe } from '../../i18n/conflicts.de';
import { de } from '../../i18n/de';
import { notifyError } from '../../lib/notify';
import { describeError } from '../../lib/describeError';
import { RevisionsDialog } from './RevisionsDialog';

interface ConflictNoticeProps {
  title: string;
  text: string;
  reviewLabel: string;
  reviewFailedTitle: string;
  /** The server's list of replaced values of this record (`GET …/revisions`). */
  revisionsPath: string;
  /** The record is closed: replaced patient data went into the archive with the rest. */
  sealed?: boolean;
  /** Absent where the user may not change the record: the notice stays, without the button. */
  onReviewed?: () => Promise<void>;
}

/**
 * Two devices changed the same record while apart (docs/sync-protocol.md, Conflicts): the last
 * transmitted value won and the server kept the replaced one, which 'Ersetzte Werte anzeigen'
 * shows. 'Angaben geprüft' removes the notice on every device after sync — unless another
 * conflict arrived meanwhile.
 */
export function ConflictNotice({ title, text, reviewLabel, reviewFailedTitle, revisionsPath, sealed, onReviewed }: ConflictNoticeProps) {
  const [saving, setSaving] = useState(false);
  const [showing, setShowing] = useState(false);
  const review = async () => {
    if (!onReviewed) return;
    setSaving(true);
    try {
      await onReviewed();
    } catch (error) {
      notifyError(reviewFailedTitle, describeError(error, de.errors.unknown));
      setSaving(false);
    }
  };
  return (
    <Alert color="orange" variant="light" icon={<IconArrowsDiff aria-hidden />} title={title} role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        <Group gap="xs">
          <Button size="sm" variant="default" leftSection={<IconHistory size={18} aria-hidden />} onClick={() => setShowing(true)}>
            {conflictsDe.showRevisions}
          </Button>
          {onReviewed && (
            <Button size="sm" variant="light" color="orange" leftSection={<IconChecks size={18} aria-hidden />} loading={saving} onClick={() => void review()}>
              {reviewLabel}
            </Button>
          )}
        </Group>
      </Stack>
      <RevisionsDialog path={revisionsPath} opened={showing} onClose={() => setShowing(false)} sealedNote={sealed} />
    </Alert>
  );
}
