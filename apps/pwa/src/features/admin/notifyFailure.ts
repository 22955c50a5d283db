import { errorMessage } from '../../api/client';
import { adminDe } from '../../i18n/de';
import { notifyError } from '../../lib/notify';

/** The toast of a failed admin call: the spec's title, the server's message (docs/spec/accounts.md §8). */
export function notifyFailure(title: string, error: unknown): void {
  notifyError(title, errorMessage(error));
}

/** 'Test-E-Mail fehlgeschlagen' with the message and the hint to check settings or the address. */
export function notifyMailFailure(error: unknown): void {
  notifyError(adminDe.toasts.testFailed, `${errorMessage(error)} ${adminDe.toasts.testFailedHint}`);
}
