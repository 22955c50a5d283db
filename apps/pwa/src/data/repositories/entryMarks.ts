import { syncMutations } from '@sanidok/schema';
import type { SaniDokDb } from '../db';
import { activeDatabase } from '../db';
import { writeMutation } from '../outbox';
import { requireOpenProtocol } from './protocols';
import { LocalWriteError, requireCaptureService } from './services';

/** What a device may mark "irrtümlich" instead of deleting it (docs/decisions.md "Every change kept (§ 630f BGB)"). */
export type MarkableEntry = 'vitals' | 'treatmentEntry' | 'minorTreatment';

/** The server's rule (domain/protocols/entryMarks.ts): a protocol's entries while it is open, a minor treatment while its service takes documentation. */
async function requireMarkable(db: SaniDokDb, kind: MarkableEntry, id: string): Promise<void> {
  if (kind === 'minorTreatment') {
    const treatment = await db.minorTreatments.get(id);
    if (!treatment) throw new LocalWriteError('entryNotFound');
    await requireCaptureService(db, treatment.serviceId);
    return;
  }
  const entry = await (kind === 'vitals' ? db.vitalRecords.get(id) : db.treatmentEntries.get(id));
  if (!entry) throw new LocalWriteError('entryNotFound');
  await requireOpenProtocol(db, entry.protocolId);
}

/**
 * Marks a wrong entry "irrtümlich" with the reason the user gave: a local write with its outbox
 * row, offline too. The entry stays, struck through; the reason is required (the shared schema's
 * German message when it is empty).
 */
export async function markEnteredInError(kind: MarkableEntry, id: string, reason: string): Promise<void> {
  const db = activeDatabase();
  const name = `${kind}.markInError` as const;
  const args = syncMutations[name].schema.parse({ id, reason, markedAt: new Date().toISOString() });
  await writeMutation(db, name, async (tx) => {
    await requireMarkable(tx, kind, id);
    return args;
  });
}
