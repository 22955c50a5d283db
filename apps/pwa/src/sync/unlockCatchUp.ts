import type { SaniDokDb } from '../data/db';
import { mutationDefinition } from '../data/mutations';
import { writeScope } from '../data/outbox';
import { reapplyPending } from './applyPull';

/**
 * What sync left for the unlock: pulls applied while locked could not put pending
 * changes back on top, and rejected creates could not be undone, because their args were
 * ciphertext. Runs right after the keys are back, in one transaction.
 */
export async function catchUpAfterUnlock(db: SaniDokDb): Promise<void> {
  await db.transaction('rw', writeScope(db), async () => {
    const reverts = (await db.getMeta('deferredReverts')) ?? [];
    for (const seq of reverts) {
      const row = await db.outbox.get(seq);
      if (row) await mutationDefinition(row.name)?.revert?.(db, row.args);
    }
    if (reverts.length > 0) await db.meta.delete('deferredReverts');
    if (await db.getMeta('reapplyOnUnlock')) {
      const pending = await db.outbox.where('status').equals('pending').toArray();
      await reapplyPending(db, [...new Set(pending.map((row) => row.entityId))]);
      await db.meta.delete('reapplyOnUnlock');
    }
  });
}
