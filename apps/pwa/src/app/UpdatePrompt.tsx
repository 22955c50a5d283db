import { Button, Dialog, Group, Text } from '@mantine/core';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { de } from '../i18n/de';

// Tablets stay open for a whole shift; look for a new version every hour while online.
const updateCheckIntervalMs = 60 * 60 * 1000;

/**
 * Registers the service worker from our bundle (no inline script, CSP) and offers a waiting new
 * version. Nothing reloads without the user's consent (registerType 'prompt', design §4.8).
 * Holding the offer back while changes wait in the outbox comes with the sync engine (issue 4).
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

  return (
    <Dialog opened={needRefresh} withCloseButton={false} size="lg" radius="md" withBorder role="alertdialog" aria-labelledby="sanidok-update-title">
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
