import type { AccessEventTarget, RecordableAccessAction } from '@sanidok/schema';
import { syncMutations } from '@sanidok/schema';
import { currentDatabase } from '../db';
import { writeMutation } from '../outbox';
import { uuidv7 } from '../uuid';

/** One access event: its kind and the id of the record it names (packages/schema accessLogEvents.ts). */
export type AccessEvent = { actionType: RecordableAccessAction } & Partial<Record<AccessEventTarget, string>>;

/**
 * Records an access (docs/spec/services.md §7 Access logging; the list: docs/security.md "Access
 * logging"). The event is stored in the outbox before the caller goes on, and sent by the sync
 * engine at once when online; offline it keeps its real time. A failure is logged and never
 * blocks what the medic is doing.
 */
export async function recordAccessEvent(event: AccessEvent): Promise<void> {
  const db = currentDatabase();
  if (!db) return;
  try {
    const args = syncMutations['accessLog.record'].schema.parse({ ...event, id: uuidv7(), occurredAt: new Date().toISOString() });
    await writeMutation(db, 'accessLog.record', args);
  } catch (error) {
    console.warn('Zugriffsprotokoll konnte nicht geschrieben werden', error);
  }
}
