import { Group, Radio, Stack, TextInput } from '@mantine/core';
import type { TreatmentPerformer } from '@sanidok/schema';
import { treatmentPerformers } from '@sanidok/schema';
import { treatmentDe } from '../../../i18n/treatment.de';

const t = treatmentDe.entryFields;

interface PerformerPickerProps {
  performer: TreatmentPerformer;
  onPerformerChange: (performer: TreatmentPerformer) => void;
  performerName: string;
  onPerformerNameChange: (name: string) => void;
  nameError?: string;
  /** The protocol's helper names, shown beside 'Helfer 1' / 'Helfer 2' when set. */
  helper1: string | null;
  helper2: string | null;
}

const isPerformer = (value: string): value is TreatmentPerformer => (treatmentPerformers as readonly string[]).includes(value);

/** Who did the measure: Helfer 1, Helfer 2, Laienhelfer or another person by name (docs/spec/services.md §3). */
export function PerformerPicker({ performer, onPerformerChange, performerName, onPerformerNameChange, nameError, helper1, helper2 }: PerformerPickerProps) {
  const label = (kind: TreatmentPerformer) => {
    const name = kind === 'helfer1' ? helper1?.trim() : kind === 'helfer2' ? helper2?.trim() : undefined;
    return name ? t.performerWithName(t.performerLabels[kind], name) : t.performerLabels[kind];
  };
  return (
    <Stack gap="xs">
      <Radio.Group label={t.performer} value={performer} onChange={(value) => isPerformer(value) && onPerformerChange(value)} size="md">
        <Group gap="lg" mt="xs">
          {treatmentPerformers.map((kind) => (
            <Radio key={kind} value={kind} label={label(kind)} size="md" />
          ))}
        </Group>
      </Radio.Group>
      {performer === 'custom' && (
        <TextInput
          label={t.performerName}
          value={performerName}
          onChange={(event) => onPerformerNameChange(event.currentTarget.value)}
          error={nameError}
          required
          maxLength={100}
          autoComplete="off"
          size="md"
        />
      )}
    </Stack>
  );
}
