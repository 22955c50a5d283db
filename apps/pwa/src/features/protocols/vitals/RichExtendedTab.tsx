import { Chip, Group, Stack } from '@mantine/core';
import { skinStatusOptions } from '@sanidok/schema';
import { memo } from 'react';
import { vitalsDe } from '../../../i18n/vitals.de';
import { GcsCalculator } from './GcsCalculator';
import { PainScaleButtons } from './PainScaleButtons';
import { ParameterToggle } from './ParameterToggle';
import { PupilsParameter } from './PupilsParameter';
import { avpuData, OptionParameter } from './RichBasicTab';
import type { RichFormActions, RichTabProps } from './richVitalsForm';

const t = vitalsDe.rich;

interface GcsParameterProps {
  enabled: boolean;
  eyes: string;
  verbal: string;
  motor: string;
  total: number | null;
  error: string | undefined;
  actions: RichFormActions;
}

const GcsParameter = memo(function GcsParameter({ enabled, eyes, verbal, motor, total, error, actions }: GcsParameterProps) {
  return (
    <ParameterToggle label={t.gcs} checked={enabled} onChange={(on) => actions.setEnabled('gcs', on)} groupError={error}>
      <GcsCalculator eyes={eyes} verbal={verbal} motor={motor} total={total} onPartChange={actions.setText} onCalculate={actions.setGcsTotal} />
    </ParameterToggle>
  );
});

const PainParameter = memo(function PainParameter({ enabled, pain, error, actions }: { enabled: boolean; pain: number | null; error: string | undefined; actions: RichFormActions }) {
  return (
    <ParameterToggle label={t.painScale} checked={enabled} onChange={(on) => actions.setEnabled('pain_scale', on)} groupError={error}>
      <PainScaleButtons value={pain} onChange={actions.setPain} />
    </ParameterToggle>
  );
});

const SkinParameter = memo(function SkinParameter({ enabled, skin, error, actions }: { enabled: boolean; skin: string[]; error: string | undefined; actions: RichFormActions }) {
  return (
    <ParameterToggle label={t.skinStatus} checked={enabled} onChange={(on) => actions.setEnabled('skin_status', on)} groupError={error}>
      <Group gap="xs" role="group" aria-label={t.skinStatus}>
        <Chip.Group multiple value={skin} onChange={actions.setSkin}>
          {skinStatusOptions.map((option) => (
            <Chip key={option} value={option} size="md">
              {option}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
    </ParameterToggle>
  );
});

/** Tab 'Erweitert': GCS calculator, pain buttons, AVPU, pupils, skin (docs/spec/services.md §2). */
export function RichExtendedTab({ state, errors, actions }: RichTabProps) {
  const { enabled, text } = state;
  return (
    <Stack gap="sm">
      <GcsParameter enabled={enabled.gcs} eyes={text.gcs_eyes} verbal={text.gcs_verbal} motor={text.gcs_motor} total={state.gcsTotal} error={errors.gcs} actions={actions} />
      <PainParameter enabled={enabled.pain_scale} pain={state.pain} error={errors.pain_scale} actions={actions} />
      <OptionParameter field="avpu" label={t.avpu} data={avpuData} enabled={enabled.avpu} value={text.avpu} error={errors.avpu} actions={actions} />
      <PupilsParameter
        enabled={enabled.pupils}
        pupils_left_size={text.pupils_left_size}
        pupils_right_size={text.pupils_right_size}
        pupils_left_reaction={text.pupils_left_reaction}
        pupils_right_reaction={text.pupils_right_reaction}
        pupils_equality={text.pupils_equality}
        error={errors.pupils}
        actions={actions}
      />
      <SkinParameter enabled={enabled.skin_status} skin={state.skin} error={errors.skin_status} actions={actions} />
    </Stack>
  );
}
