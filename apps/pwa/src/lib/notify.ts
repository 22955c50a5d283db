import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Toasts (docs/spec/accounts.md §8: one at a time, 5000 ms, destructive red) — the newest replaces
 * the one on screen instead of waiting behind it: a queue showed an error 17 s after its click and
 * covered the next screen's result (issue 17). Errors that belong to a dialog show in the dialog.
 */
let lastShownAt = 0;
let shownCount = 0;
const toastId = 'sanidok-toast';

/**
 * One toast, replaced in place: `update` rewrites the one on screen (no second toast fading out
 * beside it), `show` brings it up when none is (and is ignored while one is). The 5000/5001 ms
 * alternate so that the toast's timer starts again with the new text.
 */
function show(title: string, message: string, color: 'red' | 'green'): void {
  lastShownAt = Date.now();
  shownCount += 1;
  const toast = { id: toastId, title, message, color, withBorder: true, autoClose: 5000 + (shownCount % 2) };
  notifications.update(toast);
  notifications.show(toast);
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
    if (Date.now() - lastShownAt > 1000) notifications.hide(toastId);
  }, [pathname]);
}
