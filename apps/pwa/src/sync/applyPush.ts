import type { MutationEnvelope, PushResponse } from '@sanidok/schema';
import { sealedArgsKey } from '@sanidok/schema';
import type { OutboxRow, SaniDokDb } from '../data/db';
import { mutationDefinition } from '../data/mutations';
import { writeScope } from '../data/outbox';
import { syncDe } from '../i18n/sync.de';

/**
 * The row as sent: args sealed to the server's key at write time when the device had that key
 * (always after the first online sign-in), so a locked device pushes without decrypting anything.
 */
export function toEnvelope(row: OutboxRow): MutationEnvelope {
  const args = row.sealedArgs ? { [sealedArgsKey]: row.sealedArgs } : row.args;
  return { mutationId: row.mutationId, seq: row.seq, name: row.name, args, createdAt: row.createdAt };
}

/** A row that can be sent now: sealed, or its args readable (unlocked). */
export function isSendable(row: OutboxRow): boolean {
  return row.sealedArgs !== undefined || row.args !== undefined;
}

export interface PushOutcome {
  /** Outbox rows removed (applied or duplicate) or marked rejected. */
  settled: number;
  rejected: number;
  /** Pending rows were renumbered to close a gap; resend at once. */
  renumbered: boolean;
}

/**
 * Settles a push reply in one transaction: applied and duplicate rows (seq ≤ lastSeq) leave the
 * outbox; rejected rows stay, marked with the server's German reason, and their local effect is
 * undone: creates by their `revert`, everything else by forgetting the pull cursor so the next
 * pull brings the server's rows back. Results are matched by seq AND mutationId, so a reply
 * can never settle a different mutation than the one sent.
 */
export async function applyPushResult(db: SaniDokDb, response: PushResponse, now: string): Promise<PushOutcome> {
  const outcome: PushOutcome = { settled: 0, rejected: 0, renumbered: false };
  await db.transaction('rw', writeScope(db), async () => {
    let resync = false;
    const deferred: number[] = [];
    const results = response.results.filter((result) => result.seq <= response.lastSeq);
    // One read for the batch (a get per result meant 200 sequential round trips per push).
    const rows = await db.outbox.bulkGet(results.map((result) => result.seq));
    const settledSeqs: number[] = [];
    for (const [index, result] of results.entries()) {
      const row = rows[index];
      if (!row || row.mutationId !== result.mutationId || row.status !== 'pending') continue;
      outcome.settled += 1;
      if (result.status !== 'rejected') {
        settledSeqs.push(row.seq);
        continue;
      }
      outcome.rejected += 1;
      await db.outbox.update(row.seq, {
        status: 'rejected',
        message: result.message || syncDe.indicator.rejectedFallback,
        ...(result.code ? { code: result.code } : {}),
        rejectedAt: now,
      });
      const definition = mutationDefinition(row.name);
      if (definition?.revert && db.crypto.state === 'locked') deferred.push(row.seq);
      else if (definition?.revert) await definition.revert(db, row.args);
      else resync = true;
    }
    await db.outbox.bulkDelete(settledSeqs);
    if (resync) await db.meta.delete('cursor');
    // Locked, the args are ciphertext: the revert runs at the next unlock (sync/unlockCatchUp.ts).
    if (deferred.length > 0) {
      await db.setMeta('deferredReverts', [...((await db.getMeta('deferredReverts')) ?? []), ...deferred]);
      await db.setMeta('sealedWhileLocked', true);
    }

    // The server's counter must never be ahead of ours, or new writes would count as duplicates.
    const seq = (await db.getMeta('seq')) ?? 0;
    if (response.lastSeq > seq) await db.setMeta('seq', response.lastSeq);

    const next = await db.outbox.where('seq').above(response.lastSeq).first();
    if (next && next.seq > response.lastSeq + 1) {
      await renumberAfter(db, response.lastSeq);
      outcome.renumbered = true;
    }
  });
  return outcome;
}

/**
 * A gap: the server's last settled seq is below the device's next row, yet the rows in between
 * are gone from the device (the server lost state, e.g. a restore from backup, or the device id
 * was re-issued). The server never applied anything after `lastSeq`, so every row the device
 * still holds after it is renumbered from lastSeq + 1 in its original order and sent again;
 * rejections of the lost timeline become pending again and are judged anew.
 */
async function renumberAfter(db: SaniDokDb, lastSeq: number): Promise<void> {
  const rows = await db.outbox.where('seq').above(lastSeq).toArray();
  await db.outbox.bulkDelete(rows.map((r) => r.seq));
  const renumbered = rows.map((row, index): OutboxRow => {
    const { message: _message, code: _code, rejectedAt: _rejectedAt, ...rest } = row;
    return { ...rest, seq: lastSeq + 1 + index, status: 'pending' };
  });
  await db.outbox.bulkAdd(renumbered);
  await db.setMeta('seq', lastSeq + renumbered.length);
}
