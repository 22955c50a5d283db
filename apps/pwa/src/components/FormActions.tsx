import { Button, Group } from '@mantine/core';

interface FormActionsProps {
  /** The secondary action: 'Abbrechen' or 'Zurücksetzen'. */
  secondaryLabel: string;
  onSecondary: () => void;
  saveLabel: string;
  /** Shown while saving, e.g. 'Speichern...' (spec: the submit button says so while pending). */
  savingLabel: string;
  saving: boolean;
}

/** The footer of every capture dialog: secondary action left of the submit button, both locked while saving. */
export function FormActions({ secondaryLabel, onSecondary, saveLabel, savingLabel, saving }: FormActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onSecondary} disabled={saving}>
        {secondaryLabel}
      </Button>
      <Button type="submit" disabled={saving} miw={140}>
        {saving ? savingLabel : saveLabel}
      </Button>
    </Group>
  );
}
