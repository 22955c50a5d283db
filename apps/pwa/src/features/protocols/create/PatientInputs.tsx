import { Autocomplete, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { genders, patientDataLabels, privateHealthInsurers, statutoryHealthInsurers } from '@sanidok/schema';
import type { Ref } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { GermanDateInput } from '../../../components/dates/GermanDateInput';
import { protocolsDe } from '../../../i18n/protocols.de';

const t = protocolsDe.create;

interface ControlledInputProps {
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
}

/** Geschlecht: männlich / weiblich / divers (docs/spec/services.md §5), clearable: it is optional. */
export function GenderSelect({ value, onChange, onBlur, error }: ControlledInputProps) {
  return (
    <Select
      label={patientDataLabels.gender}
      placeholder={t.genderPlaceholder}
      data={[...genders]}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
      clearable
      error={error}
      size="md"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

const insurerGroups = [
  { group: t.insuranceStatutory, items: [...statutoryHealthInsurers] },
  { group: t.insurancePrivate, items: [...privateHealthInsurers] },
];

interface InsuranceInputProps extends ControlledInputProps {
  readOnly?: boolean;
  name?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Versicherungsinformationen (docs/spec/services.md §2): suggestions from the ~58 German health insurers of
 * packages/schema; anything else may be typed (Autocomplete does not enforce its list). The one field for the
 * create dialog and the protocol page.
 */
export function InsuranceInput({ value, onChange, onBlur, error, readOnly, name, ref }: InsuranceInputProps) {
  return (
    <Autocomplete
      label={patientDataLabels.insuranceInfo}
      placeholder={readOnly ? undefined : t.insurancePlaceholder}
      data={insurerGroups}
      value={value ?? ''}
      onChange={onChange}
      onBlur={onBlur}
      readOnly={readOnly}
      name={name}
      ref={ref}
      error={error}
      limit={20}
      maxDropdownHeight={280}
      autoComplete="off"
      size="md"
    />
  );
}

/**
 * Whether cancelling would lose something the medic typed or picked: only then is 'Eingabe
 * abbrechen?' asked. The service choice alone (often preselected) is no input worth a question.
 */
export function hasTypedInput(values: Record<string, unknown>, materialCount = 0): boolean {
  return materialCount > 0 || Object.entries(values).some(([key, value]) => key !== 'serviceId' && typeof value === 'string' && value.trim() !== '');
}

interface CancelInputConfirmProps {
  opened: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

/**
 * 'Eingabe abbrechen?' (docs/spec/services.md §2): asked before a create dialog throws its input away. Rendered
 * in the dialog's Modal.Stack, so it lies above the form and Escape closes only this one.
 */
export function CancelInputConfirm({ opened, onBack, onConfirm }: CancelInputConfirmProps) {
  const c = protocolsDe.cancelConfirm;
  return (
    <Modal stackId="cancel-confirm" opened={opened} onClose={onBack} title={c.title} closeButtonProps={{ 'aria-label': t.close }} centered>
      <Stack gap="md">
        <Text>{c.text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack} data-autofocus>
            {c.back}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {c.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type IdentityField = 'firstName' | 'lastName' | 'dateOfBirth' | 'gender';
interface IdentityValues {
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
  gender?: string;
}

/**
 * Vorname, Nachname, Geburtsdatum, Geschlecht — the first four patient fields of both create forms
 * (the full dialog and the short form of the service detail); the cursor starts in Vorname.
 */
export function PatientIdentityFields<T extends FieldValues & IdentityValues, O>({ form }: { form: UseFormReturn<T, unknown, O> }) {
  const error = (name: IdentityField) => {
    const message = form.formState.errors[name]?.message;
    return typeof message === 'string' ? message : undefined;
  };
  const path = (name: IdentityField) => name as Path<T>;
  return (
    <>
      <TextInput label={patientDataLabels.firstName} required autoComplete="off" error={error('firstName')} data-autofocus {...form.register(path('firstName'))} />
      <TextInput label={patientDataLabels.lastName} required autoComplete="off" error={error('lastName')} {...form.register(path('lastName'))} />
      <Controller
        control={form.control}
        name={path('dateOfBirth')}
        render={({ field }) => (
          <GermanDateInput
            label={patientDataLabels.dateOfBirth}
            value={String(field.value ?? '')}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
            error={error('dateOfBirth')}
          />
        )}
      />
      <Controller
        control={form.control}
        name={path('gender')}
        render={({ field }) => <GenderSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={error('gender')} />}
      />
    </>
  );
}
