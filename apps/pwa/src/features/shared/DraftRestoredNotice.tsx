import { Alert, Button, Group, Text } from '@mantine/core';
import { draftsDe } from '../../i18n/drafts.de';

/**
 * Above a capture form whose unsaved input came back from its draft (./useDraftKeeper.ts); with
 * `onDiscard` where the form has no cancel of its own.
 */
export function DraftRestoredNotice({ at, onDiscard }: { at: string | null; onDiscard?: () => void }) {
  if (!at) return null;
  return (
    <Alert color="blue" variant="light" role="status">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{draftsDe.restored(at)}</Text>
        {onDiscard && <Button size="md" variant="default" onClick={onDiscard}>{draftsDe.discard}</Button>}
      </Group>
    </Alert>
  );
}
