import { Stack, Textarea } from '@mantine/core';
import type { ProtocolClinicalField } from '@sanidok/schema';
import { protocolFieldLabels } from '@sanidok/schema';
import type { UseFormReturn } from 'react-hook-form';
import type { ProtocolEditValues } from './protocolEditForm';

/** The Befund tab's fields, in the order a medic examines (docs/spec/services.md §2). */
export const findingsFields = [
  'initialAssessment', 'chiefComplaint', 'allergies', 'medications', 'pastHistory', 'handlingInstructions',
] as const satisfies readonly ProtocolClinicalField[];

interface ClinicalFieldProps {
  form: UseFormReturn<ProtocolEditValues>;
  name: ProtocolClinicalField;
  readOnly: boolean;
}

/** One clinical free text, growing with its content. */
export function ClinicalField({ form, name, readOnly }: ClinicalFieldProps) {
  return (
    <Textarea
      label={protocolFieldLabels[name]}
      readOnly={readOnly}
      // Fixed rows that the medic can drag larger: autosize measures fonts, which costs on every keystroke.
      rows={3}
      resize="vertical"
      size="md"
      error={form.formState.errors[name]?.message}
      {...form.register(name)}
    />
  );
}

/** Tab Befund: initial assessment, chief complaint, history and instructions. */
export function FindingsTab({ form, readOnly }: { form: UseFormReturn<ProtocolEditValues>; readOnly: boolean }) {
  return (
    <Stack gap="md">
      {findingsFields.map((name) => (
        <ClinicalField key={name} form={form} name={name} readOnly={readOnly} />
      ))}
    </Stack>
  );
}
