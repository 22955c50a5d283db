import { Alert, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { PatientDataKey } from '@sanidok/schema';
import { genders, patientDataLabels } from '@sanidok/schema';
import { IconLock } from '@tabler/icons-react';
import type { UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { GermanDateInput } from '../../../components/dates/GermanDateInput';
import { protocolEditDe } from '../../../i18n/protocolEdit.de';
import { InsuranceInput } from '../create/PatientInputs';
import type { ProtocolEditValues } from './protocolEditForm';

const t = protocolEditDe;

interface PatientTabProps {
  form: UseFormReturn<ProtocolEditValues>;
  readOnly: boolean;
  /** false when the device holds no patient data (archived after discharge, or never arrived). */
  hasPatientData: boolean;
  discharged: boolean;
}

type TextField = Exclude<PatientDataKey, 'gender' | 'dateOfBirth' | 'insuranceInfo'>;

const inputProps: Partial<Record<TextField, { type?: string; autoComplete?: string; inputMode?: 'tel' }>> = {
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'off' },
  emergencyContactPhone: { type: 'tel', inputMode: 'tel', autoComplete: 'off' },
};

/** Tab Patient: the patient data fields, editable while the protocol is active (docs/spec/services.md §2). */
export function PatientTab({ form, readOnly, hasPatientData, discharged }: PatientTabProps) {
  const { errors } = form.formState;
  if (!hasPatientData) {
    return (
      <Alert color={discharged ? 'teal' : 'yellow'} variant="light" icon={<IconLock aria-hidden />} role="status">
        {discharged ? t.notices.archived : t.notices.noPatientData}
      </Alert>
    );
  }
  const field = (name: TextField, required = false) => (
    <TextInput
      label={patientDataLabels[name]}
      required={required}
      readOnly={readOnly}
      autoComplete="off"
      size="md"
      error={errors[name]?.message}
      {...inputProps[name]}
      {...form.register(name)}
    />
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {field('firstName', true)}
        {field('lastName', true)}
        <Controller
          control={form.control}
          name="dateOfBirth"
          render={({ field }) => (
            <GermanDateInput
              label={patientDataLabels.dateOfBirth}
              description={t.patient.dateOfBirthHint}
              readOnly={readOnly}
              size="md"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={errors.dateOfBirth?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="gender"
          render={({ field: gender }) => (
            <Select
              label={patientDataLabels.gender}
              placeholder={readOnly ? undefined : t.patient.genderPlaceholder}
              data={genders.map((g) => ({ value: g, label: g }))}
              value={gender.value || null}
              onChange={(value) => gender.onChange(value ?? '')}
              onBlur={gender.onBlur}
              ref={gender.ref}
              clearable={!readOnly}
              readOnly={readOnly}
              size="md"
              error={errors.gender?.message}
            />
          )}
        />
      </SimpleGrid>
      {field('address')}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {field('phone')}
        {field('location')}
        <Controller
          control={form.control}
          name="insuranceInfo"
          render={({ field: insurance }) => (
            <InsuranceInput
              value={insurance.value}
              onChange={insurance.onChange}
              onBlur={insurance.onBlur}
              name={insurance.name}
              ref={insurance.ref}
              readOnly={readOnly}
              error={errors.insuranceInfo?.message}
            />
          )}
        />
        {field('insuranceCardNumber')}
        {field('emergencyContact')}
        {field('emergencyContactPhone')}
      </SimpleGrid>
    </Stack>
  );
}
