import { Group, NumberInput, Select, TextInput } from '@mantine/core';
import type { Gender } from '@sanidok/schema';
import { genders } from '@sanidok/schema';
import { manvDe } from '../../i18n/manv.de';

const t = manvDe.capture;

export interface PersonDraft {
  name: string;
  sex: Gender | null;
  estimatedAge: number | null;
  diagnosis: string;
}
export const emptyPerson: PersonDraft = { name: '', sex: null, estimatedAge: null, diagnosis: '' };

/** The draft as the sync mutation takes it: empty texts are "not known". */
export const personInput = (person: PersonDraft) => ({ name: person.name.trim() || null, sex: person.sex, estimatedAge: person.estimatedAge, diagnosis: person.diagnosis.trim() || null });

/** Name, sex, estimated age and short diagnosis of a tag: at the triage, and later in the tag's detail. */
export function PersonFields({ person, onChange, disabled = false }: { person: PersonDraft; onChange: (person: PersonDraft) => void; disabled?: boolean }) {
  return (
    <>
      <TextInput label={t.name} value={person.name} onChange={(e) => onChange({ ...person, name: e.currentTarget.value })} disabled={disabled} />
      <Group grow wrap="wrap">
        <Select label={t.sex} data={[...genders]} value={person.sex} onChange={(v) => onChange({ ...person, sex: v ?? null })} clearable disabled={disabled} />
        <NumberInput label={t.age} min={0} max={120} value={person.estimatedAge ?? ''} onChange={(v) => onChange({ ...person, estimatedAge: typeof v === 'number' ? v : null })} disabled={disabled} />
      </Group>
      <TextInput label={t.diagnosis} value={person.diagnosis} onChange={(e) => onChange({ ...person, diagnosis: e.currentTarget.value })} disabled={disabled} />
    </>
  );
}
