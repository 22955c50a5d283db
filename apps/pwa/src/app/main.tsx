// First: no zod schema may be created before the browser's zod configuration.
import './zodJitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
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
