import { Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import type { GcsLevel } from '@sanidok/schema';
import { gcsEyes, gcsMotor, gcsTotal, gcsVerbal } from '@sanidok/schema';
import { useState } from 'react';
import { vitalsDe } from '../../../i18n/vitals.de';
import type { RichTextField } from './richVitalsForm';

const t = vitalsDe.rich;

export interface GcsCalculatorProps {
  eyes: string;
  verbal: string;
  motor: string;
  total: number | null;
  onPartChange: (field: Extract<RichTextField, 'gcs_eyes' | 'gcs_verbal' | 'gcs_motor'>, value: string) => void;
  /** 'Berechnen': the total, or null when nothing was chosen (nothing is computed then). */
  onCalculate: (total: number | null) => void;
}

const score = (text: string) => (text === '' ? null : Number(text));

const options = (levels: readonly GcsLevel[]) => [
  { value: '', label: t.notChosen },
  ...levels.map((level) => ({ value: String(level.score), label: `${level.score} – ${level.label}` })),
];

/**
 * The GCS calculator of the rich form (docs/spec/services.md §4): eyes 1–4, verbal 1–5, motor 1–6 with their
 * German descriptions; 'Berechnen' computes the total only when the parts add up to more than 0.
 */
export function GcsCalculator({ eyes, verbal, motor, total, onPartChange, onCalculate }: GcsCalculatorProps) {
  const [nothingChosen, setNothingChosen] = useState(false);
  const change = (field: Parameters<GcsCalculatorProps['onPartChange']>[0], value: string) => {
    setNothingChosen(false);
    onPartChange(field, value);
  };
  const calculate = () => {
    const sum = gcsTotal(score(eyes), score(verbal), score(motor));
    setNothingChosen(sum === null);
    onCalculate(sum);
  };
  return (
    <Stack gap="xs">
      {/* One below the other: a closed select shows its choice on one line, and three side by side
          in the dialog cut 'Ungezielte Schmerzabwehr (Wegziehen)'. */}
      <SimpleGrid cols={1}>
        <NativeSelect label={t.gcsEyes} size="md" value={eyes} onChange={(e) => change('gcs_eyes', e.currentTarget.value)} data={options(gcsEyes)} />
        <NativeSelect label={t.gcsVerbal} size="md" value={verbal} onChange={(e) => change('gcs_verbal', e.currentTarget.value)} data={options(gcsVerbal)} />
        <NativeSelect label={t.gcsMotor} size="md" value={motor} onChange={(e) => change('gcs_motor', e.currentTarget.value)} data={options(gcsMotor)} />
      </SimpleGrid>
      <Group gap="md" align="center">
        <Button variant="outline" onClick={calculate}>
          {t.gcsCalculate}
        </Button>
        <Text aria-live="polite" fw={total === null ? 400 : 700} size={total === null ? 'sm' : 'lg'}>
          {total !== null ? t.gcsTotal(total) : nothingChosen ? t.gcsNothingChosen : t.gcsNotCalculated}
        </Text>
      </Group>
    </Stack>
  );
}
