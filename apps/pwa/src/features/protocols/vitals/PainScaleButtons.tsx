import { Button, Group, Text } from '@mantine/core';
import { painScaleColor } from '@sanidok/schema';
import { useId } from 'react';
import { vitalsDe } from '../../../i18n/vitals.de';

const t = vitalsDe.rich;
const scores = Array.from({ length: 11 }, (_, i) => i);

interface PainScaleButtonsProps {
  value: number | null;
  onChange: (score: number) => void;
}

/**
 * Pain 0–10 as big buttons, coloured green 0–3, yellow 4–6, red 7–10 (docs/spec/services.md §9). Black text on
 * every shade keeps WCAG contrast; the chosen one is filled and marked pressed.
 */
export function PainScaleButtons({ value, onChange }: PainScaleButtonsProps) {
  const labelId = useId();
  return (
    <div>
      <Text id={labelId} size="sm" fw={500} mb={4}>
        {t.painScale}
      </Text>
      <Group gap={6} role="group" aria-labelledby={labelId}>
        {scores.map((score) => {
          const color = painScaleColor(score);
          const chosen = value === score;
          return (
            <Button
              key={score}
              color={color}
              variant={chosen ? 'filled' : 'light'}
              c="black"
              miw={48}
              px="xs"
              aria-pressed={chosen}
              aria-label={t.painButton(score)}
              data-pain-color={color}
              onClick={() => onChange(score)}
              style={chosen ? { outline: '3px solid var(--mantine-color-black)', outlineOffset: 2 } : undefined}
            >
              {score}
            </Button>
          );
        })}
      </Group>
      <Text size="xs" c="gray.7" mt={4}>
        {t.painLegend}
      </Text>
    </div>
  );
}
