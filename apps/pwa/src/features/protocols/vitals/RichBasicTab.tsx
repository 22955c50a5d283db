import { Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { capillaryRefillOptions, vitalParameterLabels } from '@sanidok/schema';
import { vitalsDe } from '../../../i18n/vitals.de';
import { ParameterToggle } from './ParameterToggle';
import type { RichFormControls, RichTextField, RichToggle } from './richVitalsForm';

const t = vitalsDe.rich;

interface NumberParameterProps {
  controls: RichFormControls;
  field: RichTextField & RichToggle;
  label: string;
  decimal?: boolean;
}

function NumberParameter({ controls, field, label, decimal = false }: NumberParameterProps) {
  const enabled = controls.state.enabled[field];
  return (
    <ParameterToggle label={vitalParameterLabels[field]} checked={enabled} onChange={(on) => controls.setEnabled(field, on)}>
      <TextInput
        label={label}
        inputMode={decimal ? 'decimal' : 'numeric'}
        autoComplete="off"
        disabled={!enabled}
        value={controls.state.text[field]}
        onChange={(event) => controls.setText(field, event.currentTarget.value)}
        error={controls.errors[field]}
      />
    </ParameterToggle>
  );
}

/** Tab 'Grundwerte': blood pressure as two numbers, the vital numbers, capillary refill (spec 2 §2). */
export function RichBasicTab({ controls }: { controls: RichFormControls }) {
  const { state, errors, setEnabled, setText } = controls;
  const pressureOn = state.enabled.blood_pressure;
  return (
    <Stack gap="sm">
      <ParameterToggle label={t.bloodPressure} checked={pressureOn} onChange={(on) => setEnabled('blood_pressure', on)}>
        <Group grow align="flex-start">
          <TextInput
            label={t.systolic}
            inputMode="numeric"
            autoComplete="off"
            disabled={!pressureOn}
            value={state.text.systolic}
            onChange={(event) => setText('systolic', event.currentTarget.value)}
            error={errors.blood_pressure}
          />
          <TextInput
            label={t.diastolic}
            inputMode="numeric"
            autoComplete="off"
            disabled={!pressureOn}
            value={state.text.diastolic}
            onChange={(event) => setText('diastolic', event.currentTarget.value)}
            error={errors.blood_pressure ? true : undefined}
          />
        </Group>
      </ParameterToggle>
      <NumberParameter controls={controls} field="heart_rate" label={t.heartRate} />
      <NumberParameter controls={controls} field="respiratory_rate" label={t.respiratoryRate} />
      <NumberParameter controls={controls} field="oxygen_saturation" label={t.oxygenSaturation} />
      <NumberParameter controls={controls} field="temperature" label={t.temperature} decimal />
      <NumberParameter controls={controls} field="blood_glucose" label={t.bloodGlucose} decimal />
      <ParameterToggle label={t.capillaryRefill} checked={state.enabled.capillary_refill} onChange={(on) => setEnabled('capillary_refill', on)}>
        <NativeSelect
          label={t.capillaryRefill}
          size="md"
          disabled={!state.enabled.capillary_refill}
          value={state.text.capillary_refill}
          onChange={(event) => setText('capillary_refill', event.currentTarget.value)}
          error={errors.capillary_refill}
          data={[{ value: '', label: t.notChosen }, ...capillaryRefillOptions.map((o) => ({ value: o, label: t.capillaryRefillOptions[o] }))]}
        />
      </ParameterToggle>
    </Stack>
  );
}
