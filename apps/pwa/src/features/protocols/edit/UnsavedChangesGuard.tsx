import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { protocolEditDe } from '../../../i18n/protocolEdit.de';

const t = protocolEditDe.unsaved;

/**
 * Warns before unsaved edits are left behind by in-app navigation: a dialog asks, and leaving
 * drops the draft (`onLeave`). Closing or reloading the tab asks nothing: the draft keeps the
 * input on the device (data/drafts, docs/decisions.md "Drafts survive a lock"). Query changes on
 * the same page pass.
 */
export function UnsavedChangesGuard({ when, onLeave }: { when: boolean; onLeave: () => void }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  // Saved meanwhile (or discarded): let the waiting navigation go.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  const blocked = blocker.state === 'blocked';
  return (
    <Modal opened={blocked} onClose={() => blocker.reset?.()} title={t.title} closeButtonProps={{ 'aria-label': t.close }}>
      <Stack gap="md">
        <Text>{t.text}</Text>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={() => blocker.reset?.()} data-autofocus>
            {t.stay}
          </Button>
          <Button
            color="red"
            size="md"
            onClick={() => {
              onLeave();
              blocker.proceed?.();
            }}
          >
            {t.leave}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
