import { Button, Dialog, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { de } from '../i18n/de';
import { useSyncStore } from '../sync/syncStore';

// Tablets stay open for a whole shift; look for a new version every hour while online.
const updateCheckIntervalMs = 60 * 60 * 1000;

/**
 * Registers the service worker from our bundle (no inline script, CSP) and offers a waiting new
 * version. Nothing reloads without the user's consent (registerType 'prompt', docs/spec/design.md §4.8).
 * The offer waits until the outbox is empty (docs/spec/design.md §4.8): a new version may change the shape of
 * mutations, so changes made by this version should reach the server first. Exception: when the
 * server already refuses this version (schema mismatch) the outbox cannot drain, and only the
 * update gets it moving again; the outbox survives the reload in IndexedDB.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_swUrl, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, updateCheckIntervalMs);
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });

  const outboxEmpty = useSyncStore((s) => s.pendingCount === 0);
  const serverRefusesVersion = useSyncStore((s) => s.state === 'schema-mismatch');
  const offer = needRefresh && (outboxEmpty || serverRefusesVersion);

  // The decision on <html data-update="offered|held">: e2e/pwa.spec.ts waits for "held" (a waiting
  // version while changes are pending) instead of a pause, then checks that no prompt shows.
  useEffect(() => {
    const root = document.documentElement;
    if (needRefresh) root.dataset.update = offer ? 'offered' : 'held';
    else delete root.dataset.update;
  }, [needRefresh, offer]);

  return (
    <Dialog opened={offer} withCloseButton={false} size="lg" radius="md" withBorder role="alertdialog" aria-labelledby="sanidok-update-title">
      <Text fw={700} id="sanidok-update-title">
        {de.update.title}
      </Text>
      <Text size="sm" mt={4} mb="sm">
        {de.update.text}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setNeedRefresh(false)}>
          {de.update.later}
        </Button>
        <Button onClick={() => void updateServiceWorker(true)}>{de.update.reload}</Button>
      </Group>
    </Dialog>
  );
}
