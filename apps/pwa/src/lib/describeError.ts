import { ZodError } from 'zod';
import { de } from '../i18n/de';
import { localWriteErrorText } from './localWriteErrors';

/**
 * The one way the app turns a failure into German text for a toast, an alert or a dialog:
 * - a validation error: its first issue's message (the shared schemas' German texts);
 * - a refused local write: the wording of its code (./localWriteErrors.ts);
 * - a server refusal or any other error: its message (api/client.ts gives every failed request
 *   the server's German `message`, or a German text of its own for a network failure);
 * - otherwise `fallback`: the screen's own wording, or 'Unbekannter Fehler'. A screen that words
 *   the no-reason case itself passes ''.
 */
export function describeError(error: unknown, fallback: string = de.errors.unknown): string {
  if (error instanceof ZodError) return error.issues[0]?.message ?? fallback;
  const refusal = localWriteErrorText(error);
  if (refusal) return refusal;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return fallback;
}
