import { Box, Group, Text } from '@mantine/core';
import type { VitalSeverity } from '@sanidok/schema';
import { vitalColouringTexts, vitalSeverityColors, vitalSeverityLabels } from '@sanidok/schema';
import { vitalsDe } from '../../../i18n/vitals.de';

const order: VitalSeverity[] = ['critical', 'abnormal', 'normal'];

/** The colour legend (kritisch, abweichend, normal) with the disclaimer (docs/spec/services.md §2). */
export function ColourLegend() {
  return (
    <Box>
      <Group gap="md" role="list" aria-label={vitalsDe.legend.label}>
        {order.map((severity) => (
          <Group key={severity} gap={6} role="listitem">
            <Box
              aria-hidden
              w={14}
              h={14}
              style={{ borderRadius: 3, background: `var(--mantine-color-${vitalSeverityColors[severity]}-6)`, border: '1px solid var(--mantine-color-gray-7)' }}
            />
            <Text size="sm">{vitalSeverityLabels[severity]}</Text>
          </Group>
        ))}
      </Group>
      <Text size="xs" c="gray.7" mt={4}>
        {vitalColouringTexts.disclaimer}
      </Text>
    </Box>
  );
}
