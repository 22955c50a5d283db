import { Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { avpuLabels, avpuOptions, capillaryRefillOptions, hasVitalDecimals, vitalParameterLabels } from '@sanidok/schema';
import { memo } from 'react';
import { vitalsDe } from '../../../i18n/vitals.de';
import { ParameterToggle } from './ParameterToggle';
import type { RichFormActions, RichTabProps, RichTextField, RichToggle } from './richVitalsForm';

const t = vitalsDe.rich;

interface NumberParameterProps {
  field: RichTextField & RichToggle;
  label: string;
  enabled: boolean;
  text: string;
  error: string | undefined;
  actions: RichFormActions;
}

// Each parameter block takes only its own values: typing in one does not re-render the others.
const NumberParameter = memo(function NumberParameter({ field, label, enabled, text, error, actions }: NumberParameterProps) {
  return (
    <ParameterToggle label={vitalParameterLabels[field]} checked={enabled} onChange={(on) => actions.setEnabled(field, on)}>
      <TextInput
        label={label}
        inputMode={hasVitalDecimals(field) ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={text}
        onChange={(event) => actions.setText(field, event.currentTarget.value)}
        error={error}
      />
    </ParameterToggle>
  );
});

interface BloodPressureProps {
  enabled: boolean;
  systolic: string;
  diastolic: string;
  error: string | undefined;
  actions: RichFormActions;
}

const BloodPressureParameter = memo(function BloodPressureParameter({ enabled, systolic, diastolic, error, actions }: BloodPressureProps) {
  return (
    <ParameterToggle label={t.bloodPressure} checked={enabled} onChange={(on) => actions.setEnabled('blood_pressure', on)}>
      <Group grow align="flex-start">
        <TextInput
          label={t.systolic}
          inputMode="numeric"
          autoComplete="off"
          value={systolic}
          onChange={(event) => actions.setText('systolic', event.currentTarget.value)}
          error={error}
        />
        <TextInput
          label={t.diastolic}
          inputMode="numeric"
          autoComplete="off"
          value={diastolic}
          onChange={(event) => actions.setText('diastolic', event.currentTarget.value)}
          error={error ? true : undefined}
        />
      </Group>
    </ParameterToggle>
  );
});

const capillaryRefillData = [{ value: '', label: t.notChosen }, ...capillaryRefillOptions.map((o) => ({ value: o, label: t.capillaryRefillOptions[o] }))];
export const avpuData = [{ value: '', label: t.notChosen }, ...avpuOptions.map((o) => ({ value: o, label: avpuLabels[o] }))];

interface OptionParameterProps {
  field: RichTextField & RichToggle;
  label: string;
  data: { value: string; label: string }[];
  enabled: boolean;
  value: string;
  error: string | undefined;
  actions: RichFormActions;
}

/** A parameter chosen from a list (capillary refill, AVPU). */
export const OptionParameter = memo(function OptionParameter({ field, label, data, enabled, value, error, actions }: OptionParameterProps) {
  return (
    <ParameterToggle label={label} checked={enabled} onChange={(on) => actions.setEnabled(field, on)}>
      <NativeSelect
        label={label}
        size="md"
        value={value}
        onChange={(event) => actions.setText(field, event.currentTarget.value)}
        error={error}
        data={data}
      />
    </ParameterToggle>
  );
});

/** Tab 'Grundwerte': blood pressure as two numbers, the vital numbers, capillary refill (docs/spec/services.md §2). */
export function RichBasicTab({ state, errors, actions }: RichTabProps) {
  const { enabled, text } = state;
  const number = (field: NumberParameterProps['field'], label: string) => (
    <NumberParameter field={field} label={label} enabled={enabled[field]} text={text[field]} error={errors[field]} actions={actions} />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <BloodPressureParameter enabled={enabled.blood_pressure} systolic={text.systolic} diastolic={text.diastolic} error={errors.blood_pressure} actions={actions} />
      {number('heart_rate', t.heartRate)}
      {number('respiratory_rate', t.respiratoryRate)}
      {number('oxygen_saturation', t.oxygenSaturation)}
      {number('temperature', t.temperature)}
      {number('blood_glucose', t.bloodGlucose)}
      <OptionParameter
        field="capillary_refill"
        label={t.capillaryRefill}
        data={capillaryRefillData}
        enabled={enabled.capillary_refill}
        value={text.capillary_refill}
        error={errors.capillary_refill}
        actions={actions}
      />
    </SimpleGrid>
  );
}
