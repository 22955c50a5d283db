import { Button, Group } from '@mantine/core';

interface FormActionsProps {
  /** The secondary action: 'Abbrechen' or 'Zurücksetzen'. */
  secondaryLabel: string;
  onSecondary: () => void;
  saveLabel: string;
  /** Shown while saving, e.g. 'Speichern...' (spec: the submit button says so while pending). */
  savingLabel: string;
  saving: boolean;
  /**
   * Stays at the bottom of the dialog while the fields scroll: on a 1024×768 tablet the full vitals
   * dialog is taller than the screen, and 'Speichern' was never in sight without scrolling.
   */
  sticky?: boolean;
}

/** For a dialog footer of its own that stays in sight the same way (DischargeDialog). */
export const stickyFooter = { position: 'sticky', bottom: 0, zIndex: 2, background: 'var(--mantine-color-body)' } as const;

/** The footer of every capture dialog: secondary action left of the submit button, both locked while saving; 44 px targets. */
export function FormActions({ secondaryLabel, onSecondary, saveLabel, savingLabel, saving, sticky = false }: FormActionsProps) {
  return (
    <Group justify="flex-end" py={sticky ? 'xs' : undefined} style={sticky ? stickyFooter : undefined}>
      <Button variant="default" onClick={onSecondary} disabled={saving} mih={44}>
        {secondaryLabel}
      </Button>
      <Button type="submit" disabled={saving} miw={140} mih={44}>
        {saving ? savingLabel : saveLabel}
      </Button>
    </Group>
  );
}
