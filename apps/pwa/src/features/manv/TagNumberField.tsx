import { ActionIcon, Alert, Group, Text, TextInput } from '@mantine/core';
import type { ManvIncident, ManvPatient } from '@sanidok/schema';
import { manvPatientStates } from '@sanidok/schema';
import { IconAbc, IconNumbers } from '@tabler/icons-react';
import { useState } from 'react';
import { useManvIncidentData } from '../../data/manvHooks';
import { manvDe } from '../../i18n/manv.de';
import { CategoryBadge } from './CategoryBadge';

const t = manvDe.capture;
const hasLetters = (value: string) => /[^\d\s]/.test(value);

/**
 * The tag number: most cards carry digits only, so a tablet opens its number pad; one tap on
 * the field's letter key gives the full keyboard for a card with letters ('A-17').
 */
export function TagNumberField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [letters, setLetters] = useState(() => hasLetters(value));
  const withLetters = letters || hasLetters(value);
  // The key stands beside the field, not inside it: on a phone the field keeps a row of its own
  // with nothing to tap on it, where a toast may sit (lib/toastPlacement.ts).
  return (
    <>
      <TextInput
        style={{ flex: '1 1 220px' }}
        label={t.tag}
        placeholder={t.tagPlaceholder}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autoComplete="off"
        inputMode={withLetters ? 'text' : 'numeric'}
        size="md"
      />
      <ActionIcon
        variant="default"
        size={44}
        aria-label={withLetters ? t.digitsKeyboard : t.lettersKeyboard}
        aria-pressed={withLetters}
        onClick={() => setLetters(!withLetters)}
      >
        {withLetters ? <IconNumbers size={20} aria-hidden /> : <IconAbc size={20} aria-hidden />}
      </ActionIcon>
    </>
  );
}

/** A number this device already holds: the next triage is a re-triage; the card's current category shows beside it. */
export function ExistingTagNotice({ incident, patient }: { incident: ManvIncident; patient: ManvPatient }) {
  const data = useManvIncidentData(incident.id);
  const current = data ? manvPatientStates(data.patients, data.triages).find((state) => state.patient.id === (patient.duplicateOf ?? patient.id))?.current : undefined;
  return (
    <Alert color="orange" variant="light" data-testid="manv-existing">
      <Text size="sm">{t.existing(patient.tagNumber)}</Text>
      {current && (
        <Group gap="xs" mt={4}>
          <Text size="sm" fw={600}>{t.currentCategory}</Text>
          <CategoryBadge category={current.category} />
        </Group>
      )}
    </Alert>
  );
}
