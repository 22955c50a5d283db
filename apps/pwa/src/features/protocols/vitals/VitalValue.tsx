import { Box, Text, VisuallyHidden } from '@mantine/core';
import type { VitalParameterType, VitalSeverity } from '@sanidok/schema';
import { vitalParameterLabels, vitalSeverityColors, vitalSeverityLabels } from '@sanidok/schema';
import { displayValue } from './vitalDisplay';

interface VitalValueProps {
  type: VitalParameterType;
  value: string;
  unit: string | null;
  severity: VitalSeverity | null;
  /** Hide the parameter name where a heading already says it. */
  withLabel?: boolean;
}

/**
 * One value, tinted by its severity (docs/spec/services.md §9). The text stays black on a light tint for
 * contrast, a coloured bar marks the class, and screen readers hear 'kritisch' etc.
 */
export function VitalValue({ type, value, unit, severity, withLabel = true }: VitalValueProps) {
  const color = severity ? vitalSeverityColors[severity] : null;
  return (
    <Box
      component="span"
      data-severity={severity ?? 'none'}
      px={8}
      py={4}
      style={{
        display: 'inline-flex',
        flexWrap: 'wrap',
        columnGap: 6,
        alignItems: 'baseline',
        borderRadius: 'var(--mantine-radius-sm)',
        borderLeft: `4px solid ${color ? `var(--mantine-color-${color}-6)` : 'var(--mantine-color-gray-4)'}`,
        background: color ? `var(--mantine-color-${color}-light)` : 'var(--mantine-color-gray-1)',
        color: 'var(--mantine-color-black)',
      }}
    >
      {withLabel && (
        <Text span size="sm">
          {vitalParameterLabels[type]}
        </Text>
      )}
      <Text span size="sm" fw={700}>
        {displayValue(type, value, unit)}
      </Text>
      {severity && <VisuallyHidden>{`(${vitalSeverityLabels[severity]})`}</VisuallyHidden>}
    </Box>
  );
}
