import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DIARY_TEXT_MAX, diaryEntryFormSchema, formatDateTime, formatTime } from '@sanidok/schema';
import { createDiaryEntry } from '../../data/repositories/diary';
import { draftIds } from '../../data/drafts/draftStore';
import { DraftRestoredNotice } from '../shared/DraftRestoredNotice';
import { useValueDraft } from '../shared/useValueDraft';
import { boardDe } from '../../i18n/board.de';
import { describeError } from '../../lib/describeError';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { DiaryItem } from './boardModel';
import { Panel } from './BoardPanels';

const t = boardDe.diary;
const shownAtFirst = 30;

/** What a diary line says: the kind, the protocol number, and outside wall mode the manual text. */
function lineText(item: DiaryItem, wall: boolean): string {
  if (item.kind === 'manual') return wall ? t.manualHidden : (item.text ?? '');
  const protocol = item.number === undefined ? '' : ` · ${t.protocol(item.number)}`;
  return `${t.kinds[item.kind]}${protocol}`;
}

/**
 * The Einsatztagebuch: automatic events and manual entries, newest first. A manual entry is written
 * offline through the outbox; wall mode shows no manual text (it may name a patient).
 */
export function DiaryPanel({ serviceId, items, wall, canWrite }: { serviceId: string; items: DiaryItem[]; wall: boolean; canWrite: boolean }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [showAll, setShowAll] = useState(false);
  // docs/decisions.md "Drafts survive a lock": an entry half-typed comes back.
  const draft = useValueDraft(text, { id: draftIds.diary(serviceId), recordId: serviceId, restore: setText });
  const visible = showAll || wall ? items.slice(0, wall ? 12 : items.length) : items.slice(0, shownAtFirst);

  const submit = async () => {
    const parsed = diaryEntryFormSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setSaving(true);
    try {
      await createDiaryEntry(serviceId, parsed.data.text);
      draft.clear();
      setText('');
      setError(null);
      notifySuccess(t.saved, t.savedText);
    } catch (failure) {
      notifyError(t.failed, describeError(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Panel title={t.title} large={wall} testId="board-diary">
      {canWrite && !wall && (
        <Stack gap="xs" mb="md">
          <DraftRestoredNotice at={draft.restoredAt} onDiscard={draft.discard} />
          <Textarea
            label={t.addLabel}
            description={t.addHint}
            value={text}
            maxLength={DIARY_TEXT_MAX}
            autosize
            minRows={2}
            error={error}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button onClick={() => void submit()} loading={saving} mih={44}>
              {t.add}
            </Button>
          </Group>
        </Stack>
      )}
      {items.length === 0 ? <Text fz={wall ? 26 : 'md'}>{t.none}</Text> : (
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {visible.map((item) => (
            <Group key={item.key} component="li" gap="sm" wrap="nowrap" align="flex-start" data-kind={item.kind}>
              <Text fz={wall ? 24 : 'sm'} fw={700} miw={wall ? 80 : 110} title={formatDateTime(item.at)}>
                {wall ? formatTime(item.at) : formatDateTime(item.at)}
              </Text>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fz={wall ? 24 : 'sm'} style={{ overflowWrap: 'anywhere' }}>{lineText(item, wall)}</Text>
                {item.who && <Text fz={wall ? 20 : 'xs'} c="gray.7">{item.who}</Text>}
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      {!wall && !showAll && items.length > shownAtFirst && (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="gray.7">{t.more(items.length - shownAtFirst)}</Text>
          <Button variant="subtle" mih={44} onClick={() => setShowAll(true)}>{t.showAll}</Button>
        </Group>
      )}
    </Panel>
  );
}
