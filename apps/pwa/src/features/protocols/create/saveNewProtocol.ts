import type { NewProtocol } from '../../../data/repositories/protocols';
import { createProtocol } from '../../../data/repositories/protocols';
import { protocolsDe } from '../../../i18n/protocols.de';
import { notifySuccess } from '../../../lib/notify';
import { describeError } from '../../../lib/describeError';

const t = protocolsDe.toasts;

/**
 * Creates the protocol on the device (protocol, patient data, materials and outbox row in one
 * transaction; the sync engine uploads later) and shows the toast of docs/spec/services.md §8. Returns the new id,
 * or null after a failure, which goes to `onFailure` (the dialog shows it) — the caller keeps the input.
 */
export async function saveNewProtocol(input: NewProtocol, onFailure: (title: string, message: string) => void): Promise<string | null> {
  try {
    const id = await createProtocol(input);
    notifySuccess(t.created, t.createdText);
    return id;
  } catch (error) {
    onFailure(t.error, t.createFailed(describeError(error)));
    return null;
  }
}
