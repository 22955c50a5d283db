import { Button, Fieldset, Group, TextInput } from '@mantine/core';
import { treatmentDe } from '../../../i18n/treatment.de';
import { PerformerPicker } from './PerformerPicker';
import type { EntryDraft } from './useEntryDraft';

const t = treatmentDe.entryFields;

interface EntryAuthorFieldsProps {
  draft: EntryDraft;
  helper1: string | null;
  helper2: string | null;
}

/** Time (HH:MM, default now) and performer of the next entry, shared by every way of adding. */
export function EntryAuthorFields({ draft, helper1, helper2 }: EntryAuthorFieldsProps) {
  return (
    <Fieldset legend={t.legend}>
      <Group align="flex-end" gap="sm" mb="md">
        <TextInput
          label={t.time}
          description={draft.followsClock ? t.timeHint : undefined}
          value={draft.time}
          onChange={(event) => draft.setTime(event.currentTarget.value)}
          error={draft.errors.time}
          placeholder="HH:MM"
          inputMode="numeric"
          maxLength={5}
          autoComplete="off"
          size="md"
          w={200}
        />
        <Button variant="default" size="md" onClick={draft.resetToNow} disabled={draft.followsClock}>
          {t.now}
        </Button>
      </Group>
      <PerformerPicker
        performer={draft.performer}
        onPerformerChange={draft.setPerformer}
        performerName={draft.performerName}
        onPerformerNameChange={draft.setPerformerName}
        nameError={draft.errors.performerName}
        helper1={helper1}
        helper2={helper2}
      />
    </Fieldset>
  );
}
