import { NativeSelect, SimpleGrid } from '@mantine/core';
import { pupilEqualityOptions, pupilReactionOptions, pupilSizeOptions } from '@sanidok/schema';
import { vitalsDe } from '../../../i18n/vitals.de';
import type { RichFormControls, RichTextField } from './richVitalsForm';

const t = vitalsDe.rich;

const fields: { field: RichTextField; label: string; options: readonly string[] }[] = [
  { field: 'pupils_left_size', label: t.pupilsLeftSize, options: pupilSizeOptions },
  { field: 'pupils_right_size', label: t.pupilsRightSize, options: pupilSizeOptions },
  { field: 'pupils_left_reaction', label: t.pupilsLeftReaction, options: pupilReactionOptions },
  { field: 'pupils_right_reaction', label: t.pupilsRightReaction, options: pupilReactionOptions },
  { field: 'pupils_equality', label: t.pupilsEquality, options: pupilEqualityOptions },
];

/** Pupils of the rich form (spec 2 §3): size, light reaction per side and equality. */
export function PupilFields({ controls }: { controls: RichFormControls }) {
  const disabled = !controls.state.enabled.pupils;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {fields.map(({ field, label, options }) => (
        <NativeSelect
          key={field}
          label={label}
          size="md"
          disabled={disabled}
          value={controls.state.text[field]}
          onChange={(event) => controls.setText(field, event.currentTarget.value)}
          data={[{ value: '', label: t.notChosen }, ...options]}
        />
      ))}
    </SimpleGrid>
  );
}
