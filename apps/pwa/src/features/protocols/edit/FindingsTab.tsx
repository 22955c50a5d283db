import { Stack, Textarea } from '@mantine/core';
import type { ProtocolClinicalField } from '@sanidok/schema';
import { protocolFieldLabels } from '@sanidok/schema';
import type { UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { GermanDateTimeInput } from '../../../components/dates/GermanDateTimeInput';
import { protocolEditDe } from '../../../i18n/protocolEdit.de';
import { AssessmentFields } from './AssessmentFields';
import type { ProtocolEditValues } from './protocolEditForm';

/** The Befund tab's free texts, in the order a medic examines (docs/spec/services.md §2); the incident time comes first. */
export const findingsFields = [
  'initialAssessment', 'chiefComplaint', 'symptoms', 'allergies', 'medications', 'pastHistory', 'handlingInstructions',
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

/**
 * When it happened, as German wall time TT.MM.JJJJ HH:MM (the native date-time input
 * followed the browser's language); kept as 'yyyy-MM-ddTHH:mm' (protocolEditForm.ts turns it
 * into the instant).
 */
function IncidentTimeField({ form, readOnly }: { form: UseFormReturn<ProtocolEditValues>; readOnly: boolean }) {
  return (
    <Controller
      control={form.control}
      name="incidentTime"
      render={({ field }) => (
        <GermanDateTimeInput
          label={protocolFieldLabels.incidentTime}
          description={protocolEditDe.findings.incidentTimeHint}
          readOnly={readOnly}
          size="md"
          maw={360}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={form.formState.errors.incidentTime?.message}
        />
      )}
    />
  );
}

/** Tab Befund: incident time, initial assessment, chief complaint, symptoms, history and instructions, then NACA and diagnosis group. */
export function FindingsTab({ form, readOnly }: { form: UseFormReturn<ProtocolEditValues>; readOnly: boolean }) {
  return (
    <Stack gap="md">
      <IncidentTimeField form={form} readOnly={readOnly} />
      {findingsFields.map((name) => (
        <ClinicalField key={name} form={form} name={name} readOnly={readOnly} />
      ))}
      <AssessmentFields form={form} readOnly={readOnly} />
    </Stack>
  );
}
