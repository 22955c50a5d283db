import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { followToast } from './toastPlacement';

/**
 * Toasts (docs/spec/accounts.md §8: one at a time, 5000 ms, destructive red) — the newest replaces
 * the one on screen instead of waiting behind it: a queue showed an error 17 s after its click and
 * covered the next screen's result. Errors that belong to a dialog show in the dialog.
 */
let lastShownAt = 0;
let lastColor: 'red' | 'green' | null = null;
let shownCount = 0;
const toastId = 'sanidok-toast';
/**
 * A success says what the screen already shows and goes sooner; an error stays the full 5 s
 * (docs/decisions.md "Toasts never cover an action").
 */
const shownForMs = { red: 5000, green: 3000 } as const;

function hide(): void {
  lastColor = null;
  notifications.hide(toastId);
}

/**
 * One toast, replaced in place: `update` rewrites the one on screen (no second toast fading out
 * beside it), `show` brings it up when none is (and is ignored while one is). The durations
 * alternate by 1 ms so that the toast's timer starts again with the new text. Its place follows
 * the screen (./toastPlacement.ts): it never lies on a button.
 */
function show(title: string, message: string, color: 'red' | 'green'): void {
  lastShownAt = Date.now();
  lastColor = color;
  shownCount += 1;
  const toast = { id: toastId, title, message, color, withBorder: true, autoClose: shownForMs[color] + (shownCount % 2) };
  notifications.update(toast);
  notifications.show(toast);
  followToast({ dismissIfCovering: hide, isSuccess: () => lastColor === 'green' });
}

export function notifyError(title: string, message: string): void {
  show(title, message, 'red');
}

export function notifySuccess(title: string, message: string): void {
  show(title, message, 'green');
}

/**
 * A request that succeeded after an error was shown takes that error away: the error spoke of an
 * earlier try ('Registrierung fehlgeschlagen' on the dashboard after the next try worked).
 * Called by the query client's mutation cache (app/queryClient.ts) with the mutation's start.
 */
export function clearErrorShownBefore(startedAt: number): void {
  if (lastColor === 'red' && lastShownAt <= startedAt) hide();
}

/**
 * Clears the toast when the screen changes — unless it was shown just now, by the action that
 * changed the screen ('Gespeichert' and then the list it saved to).
 */
export function useClearToastsOnNavigation(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (Date.now() - lastShownAt > 1000) hide();
  }, [pathname]);
}
