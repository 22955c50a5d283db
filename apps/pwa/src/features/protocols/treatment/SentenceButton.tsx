import { Button } from '@mantine/core';
import type { TreatmentTemplate } from '@sanidok/schema';
import { templateDisplayText } from '@sanidok/schema';

interface SentenceButtonProps {
  template: TreatmentTemplate;
  onPick: (template: TreatmentTemplate) => void;
  disabled?: boolean;
}

/** One preset sentence, placeholders shown as their questions; long sentences wrap. */
export function SentenceButton({ template, onPick, disabled }: SentenceButtonProps) {
  return (
    <Button
      variant="default"
      fullWidth
      justify="flex-start"
      h="auto"
      mih={44}
      py={8}
      disabled={disabled}
      onClick={() => onPick(template)}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.35 } }}
    >
      {templateDisplayText(template.text)}
    </Button>
  );
}
