import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Toasts (docs/spec/accounts.md §8: one at a time, 5000 ms, destructive red) — the newest replaces
 * the one on screen instead of waiting behind it: a queue showed an error 17 s after its click and
 * covered the next screen's result (issue 17). Errors that belong to a dialog show in the dialog.
 */
let lastShownAt = 0;

function show(title: string, message: string, color: 'red' | 'green'): void {
  notifications.clean();
  lastShownAt = Date.now();
  notifications.show({ title, message, color, withBorder: true });
}

export function notifyError(title: string, message: string): void {
  show(title, message, 'red');
}

export function notifySuccess(title: string, message: string): void {
  show(title, message, 'green');
}

/**
 * Clears the toast when the screen changes — unless it was shown just now, by the action that
 * changed the screen ('Gespeichert' and then the list it saved to).
 */
export function useClearToastsOnNavigation(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (Date.now() - lastShownAt > 1000) notifications.clean();
  }, [pathname]);
}
