import { Chip, Group, NativeSelect, Stack } from '@mantine/core';
import { avpuLabels, avpuOptions, skinStatusOptions } from '@sanidok/schema';
import { vitalsDe } from '../../../i18n/vitals.de';
import { GcsCalculator } from './GcsCalculator';
import { PainScaleButtons } from './PainScaleButtons';
import { ParameterToggle } from './ParameterToggle';
import { PupilFields } from './PupilFields';
import type { RichFormControls } from './richVitalsForm';

const t = vitalsDe.rich;

/** Tab 'Erweitert': GCS calculator, pain buttons, AVPU, pupils, skin (spec 2 §2). */
export function RichExtendedTab({ controls }: { controls: RichFormControls }) {
  const { state, errors, setEnabled, setText } = controls;
  const { enabled, text } = state;
  return (
    <Stack gap="sm">
      <ParameterToggle label={t.gcs} checked={enabled.gcs} onChange={(on) => setEnabled('gcs', on)} groupError={errors.gcs}>
        <GcsCalculator
          disabled={!enabled.gcs}
          eyes={text.gcs_eyes}
          verbal={text.gcs_verbal}
          motor={text.gcs_motor}
          total={state.gcsTotal}
          onPartChange={setText}
          onCalculate={controls.calculateGcs}
        />
      </ParameterToggle>
      <ParameterToggle label={t.painScale} checked={enabled.pain_scale} onChange={(on) => setEnabled('pain_scale', on)} groupError={errors.pain_scale}>
        <PainScaleButtons value={state.pain} onChange={controls.setPain} disabled={!enabled.pain_scale} />
      </ParameterToggle>
      <ParameterToggle label={t.avpu} checked={enabled.avpu} onChange={(on) => setEnabled('avpu', on)}>
        <NativeSelect
          label={t.avpu}
          size="md"
          disabled={!enabled.avpu}
          value={text.avpu}
          onChange={(event) => setText('avpu', event.currentTarget.value)}
          error={errors.avpu}
          data={[{ value: '', label: t.notChosen }, ...avpuOptions.map((o) => ({ value: o, label: avpuLabels[o] }))]}
        />
      </ParameterToggle>
      <ParameterToggle label={t.pupils} checked={enabled.pupils} onChange={(on) => setEnabled('pupils', on)} groupError={errors.pupils}>
        <PupilFields controls={controls} />
      </ParameterToggle>
      <ParameterToggle label={t.skinStatus} checked={enabled.skin_status} onChange={(on) => setEnabled('skin_status', on)} groupError={errors.skin_status}>
        <Group gap="xs" role="group" aria-label={t.skinStatus}>
          <Chip.Group multiple value={state.skin} onChange={controls.setSkin}>
            {skinStatusOptions.map((option) => (
              <Chip key={option} value={option} size="md" disabled={!enabled.skin_status}>
                {option}
              </Chip>
            ))}
          </Chip.Group>
        </Group>
      </ParameterToggle>
    </Stack>
  );
}
