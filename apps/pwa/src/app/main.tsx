// First: no zod schema may be created before the browser's zod configuration.
import './zodJitless';
// Render-blocking CSS: only the Mantine styles of what the first load renders (landing page, 404,
// error page, route loader, update dialog, notifications, and the lock screen that a full load of
// a signed-in page shows first: app/layout/LockedFrame.tsx), in Mantine's order and in its `mantine`
// layer. The full stylesheet comes with the lazy routes (mantineStyles.ts, docs/decisions.md,
// "First load"). A component the entry starts to use needs its file here, or it renders unstyled
// on `/` until the first lazy route has loaded.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Affix.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Dialog.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const container = document.getElementById('root');
if (!container) throw new Error('#root fehlt in index.html');

// As a transition the first render is time-sliced: React yields to the browser every few
// milliseconds instead of blocking the main thread for the whole tree (Lighthouse counted the
// landing page's first render as one long task of several hundred milliseconds on a slow phone).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
