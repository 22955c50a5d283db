import { Button, Group, Stack, Textarea } from '@mantine/core';
import { customEntryText } from '@sanidok/schema';
import type { SubmitEvent } from 'react';
import { memo, useState } from 'react';
import { treatmentDe } from '../../../i18n/treatment.de';
import { draftIds } from '../../../data/drafts/draftStore';
import { DraftRestoredNotice } from '../../shared/DraftRestoredNotice';
import { useValueDraft } from '../../shared/useValueDraft';

const t = treatmentDe.custom;

interface CustomEntryProps {
  protocolId: string;
  onAdd: (text: string) => Promise<boolean>;
}

/** A measure in the medic's own words; refused when empty after trimming (docs/spec/services.md §4). */
export const CustomEntry = memo(function CustomEntry({ protocolId, onAdd }: CustomEntryProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // docs/decisions.md "Drafts survive a lock": the text comes back when the tab shows again.
  const draft = useValueDraft(text, { id: draftIds.customTreatment(protocolId), recordId: protocolId, restore: setText });

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const checked = customEntryText(text);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setSaving(true);
    // A failed save keeps the text, so nothing typed is lost.
    const added = await onAdd(checked.text);
    setSaving(false);
    if (!added) return;
    draft.clear();
    setText('');
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <DraftRestoredNotice at={draft.restoredAt} onDiscard={draft.discard} />
        <Textarea
          label={t.label}
          placeholder={t.placeholder}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
          rows={3}
          maxLength={500}
          size="md"
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={saving}>
            {t.add}
          </Button>
        </Group>
      </Stack>
    </form>
  );
});
