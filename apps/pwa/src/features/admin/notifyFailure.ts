import { errorMessage } from '../../api/client';
import { adminDe } from '../../i18n/de';
import { notifyError } from '../../lib/notify';

/** The toast of a failed admin call: the spec's title, the server's message (docs/spec/accounts.md §8). */
export function notifyFailure(title: string, error: unknown): void {
  notifyError(title, errorMessage(error));
}

/** The message of a failed test mail: the server's message and the hint to check settings or the address. */
export const mailFailureText = (error: unknown): string => `${errorMessage(error)} ${adminDe.toasts.testFailedHint}`;
