import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { markEnteredInErrorSchema } from '@sanidok/schema';
import { useState } from 'react';
import type { MarkableEntry } from '../../../data/repositories/entryMarks';
import { markEnteredInError } from '../../../data/repositories/entryMarks';
import { de } from '../../../i18n/de';
import { historyDe } from '../../../i18n/history.de';
import { localWriteErrorText } from '../../../lib/localWriteErrors';

const t = historyDe.mark;
const reasonRule = markEnteredInErrorSchema.shape.reason;

interface MarkInErrorButtonProps {
  kind: MarkableEntry;
  id: string;
  /** What the entry is, for the button's accessible name ("Messung 10:05"). */
  what: string;
}

/**
 * Replaces deleting a wrong entry: asks for the reason and marks it "irrtümlich" (a local write,
 * offline too). The entry stays, struck through (./EnteredInErrorNote.tsx).
 */
export function MarkInErrorButton({ kind, id, what }: MarkInErrorButtonProps) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setOpened(false);
    setReason('');
    setError(null);
    setFailure(null);
  };
  const submit = async () => {
    const checked = reasonRule.safeParse(reason);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? t.failed);
      return;
    }
    setSaving(true);
    try {
      await markEnteredInError(kind, id, checked.data);
      close();
    } catch (caught) {
      setFailure(localWriteErrorText(caught) ?? t.failed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button variant="subtle" color="red" mih={44} miw={44} aria-label={t.buttonLabel(what)} onClick={() => setOpened(true)} style={{ flexShrink: 0 }}>
        {t.button}
      </Button>
      <Modal opened={opened} onClose={close} title={t.title} closeButtonProps={{ 'aria-label': de.common.cancel }}>
        <Stack gap="sm">
          <Text size="sm">{t.explanation}</Text>
          <Textarea
            label={t.reason}
            placeholder={t.reasonPlaceholder}
            required
            rows={3}
            maxLength={500}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
          />
          {failure && <Alert color="red">{failure}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={close}>
              {de.common.cancel}
            </Button>
            <Button color="red" mih={44} loading={saving} onClick={() => void submit()}>
              {t.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
