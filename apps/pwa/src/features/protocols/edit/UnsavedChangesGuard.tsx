import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { protocolEditDe } from '../../../i18n/protocolEdit.de';

const t = protocolEditDe.unsaved;

/**
 * Warns before unsaved edits are lost: in-app navigation asks in a dialog, closing or reloading
 * the tab gets the browser's own question (beforeunload). Query changes on the same page pass.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only ask when returnValue is set; deprecated, but still their only way to ask.
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- see the line above
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

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
          <Button color="red" size="md" onClick={() => blocker.proceed?.()}>
            {t.leave}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
