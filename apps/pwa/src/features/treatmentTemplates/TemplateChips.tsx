import { Button, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTreatmentTemplates } from '../../data/hooks';
import type { MinorTreatmentTemplate } from '@sanidok/schema';
import { treatmentTemplatesDe } from '../../i18n/treatmentTemplates.de';

const t = treatmentTemplatesDe.chips;

interface TemplateChipsProps {
  organizationId: number | undefined;
  /** The template last applied in this dialog, shown pressed. */
  activeId: string | null;
  onPick: (template: MinorTreatmentTemplate) => void;
}

/**
 * One-tap templates at the top of the minor-treatment dialog: a tap fills description
 * and materials. Read from the device, so they work offline. Buttons, not a chip group: each tap
 * applies at once, and Tab reaches every one.
 */
export function TemplateChips({ organizationId, activeId, onPick }: TemplateChipsProps) {
  const templates = useTreatmentTemplates(organizationId);
  const labelId = useId();
  if (!templates || templates.length === 0) return null;
  return (
    <Stack gap={4} role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={600}>
        {t.label}
      </Text>
      <Group gap="xs">
        {templates.map((template) => (
          <Button
            key={template.id}
            size="sm"
            radius="xl"
            variant={template.id === activeId ? 'filled' : 'light'}
            aria-pressed={template.id === activeId}
            aria-label={t.apply(template.name)}
            onClick={() => onPick(template)}
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
            h="auto"
            mih={40}
            py={6}
          >
            {template.name}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
