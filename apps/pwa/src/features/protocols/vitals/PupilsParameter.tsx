import { NativeSelect, SimpleGrid } from '@mantine/core';
import { pupilEqualityOptions, pupilReactionOptions, pupilSizeOptions } from '@sanidok/schema';
import { memo } from 'react';
import { vitalsDe } from '../../../i18n/vitals.de';
import { ParameterToggle } from './ParameterToggle';
import type { RichFormActions, RichTextField, RichVitalsState } from './richVitalsForm';

const t = vitalsDe.rich;

type PupilField = Extract<RichTextField, `pupils_${string}`>;

const fields: { field: PupilField; label: string; data: { value: string; label: string }[] }[] = [
  { field: 'pupils_left_size', label: t.pupilsLeftSize, data: withEmpty(pupilSizeOptions) },
  { field: 'pupils_right_size', label: t.pupilsRightSize, data: withEmpty(pupilSizeOptions) },
  { field: 'pupils_left_reaction', label: t.pupilsLeftReaction, data: withEmpty(pupilReactionOptions) },
  { field: 'pupils_right_reaction', label: t.pupilsRightReaction, data: withEmpty(pupilReactionOptions) },
  { field: 'pupils_equality', label: t.pupilsEquality, data: withEmpty(pupilEqualityOptions) },
];

function withEmpty(options: readonly string[]) {
  return [{ value: '', label: t.notChosen }, ...options.map((o) => ({ value: o, label: o }))];
}

interface PupilsParameterProps extends Pick<RichVitalsState['text'], PupilField> {
  enabled: boolean;
  error: string | undefined;
  actions: RichFormActions;
}

/** Pupils of the rich form (docs/spec/services.md §3): size and light reaction per side, and equality; one checkbox. */
export const PupilsParameter = memo(function PupilsParameter({ enabled, error, actions, ...values }: PupilsParameterProps) {
  return (
    <ParameterToggle label={t.pupils} checked={enabled} onChange={(on) => actions.setEnabled('pupils', on)} groupError={error}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {fields.map(({ field, label, data }) => (
          <NativeSelect
            key={field}
            label={label}
            size="md"
            value={values[field]}
            onChange={(event) => actions.setText(field, event.currentTarget.value)}
            data={data}
          />
        ))}
      </SimpleGrid>
    </ParameterToggle>
  );
});
