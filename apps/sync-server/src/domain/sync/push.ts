import type { MutationResult, PushResponse } from '@sanidok/schema';
import { deviceSealMessages, pushRequestSchema, quarantineArgs, sealedArgsKey, sealedArgsSchema, SYNC_SCHEMA_VERSION, syncMessages } from '@sanidok/schema';
import { bindBatch } from '../../db/batchConnection';
import { insertRow, rawStatement } from '../../db/compiledInsert';
import type { Db } from '../../db/connection';
import { isPostgres } from '../../db/dialect';
import type { CommandContext } from '../context';
import type { BodyRefusal } from '../bodyGuard';
import { bodyRefusalError, carriesSecretText, inspectBody } from '../bodyGuard';
import { AppError, validate } from '../errors';
import { nowIso } from '../time';
import { sealedArgsOpener } from '../deviceKeys/serverSealKey';
import { mutationRegistry } from './registry';
import { reserveVersions, rewindVersions, settleVersions, versionMark } from '../versions';

/** The request's context; the device id comes with the batch. */
type PushContext = Omit<CommandContext, 'deviceId'>;

// Each mutation runs in a savepoint, so a refused one leaves nothing behind in the batch.
const savepoint = rawStatement('savepoint mutation');
const releaseSavepoint = rawStatement('release savepoint mutation');
const rollbackToSavepoint = rawStatement('rollback to savepoint mutation');
// Column aliases in camel case: the same row whether it runs directly or through Kysely.
const selectDevice = rawStatement('select user_id as "userId", last_seq as "lastSeq" from devices where id = ?');
// pending_count: what the device reported minus what this batch settled; kept when it reported nothing (an older app).
const settleDevice = rawStatement('update devices set last_seq = ?, last_seen_at = ?, pending_count = coalesce(?, pending_count) where id = ?');
const selectQuarantined = rawStatement('select code, message from sync_quarantine where device_id = ? and seq = ?');

async function registerDevice(trx: Db, deviceId: string, userId: number): Promise<number> {
  const [device] = (await selectDevice(trx, [deviceId])) as { userId: number; lastSeq: number }[];
  if (device && device.userId !== userId) throw new AppError(403, 'FOREIGN_DEVICE', syncMessages.foreignDevice);
  if (device) return device.lastSeq;
  const now = nowIso();
  await insertRow(trx, 'devices', { id: deviceId, userId, lastSeq: 0, createdAt: now, lastSeenAt: now });
  return 0;
}

/** A replayed mutation answers as it was settled: a rejection keeps its reason. */
async function replayResult(trx: Db, deviceId: string, base: { mutationId: string; seq: number }): Promise<MutationResult> {
  const [rejected] = (await selectQuarantined(trx, [deviceId, base.seq])) as Pick<MutationResult, 'code' | 'message'>[];
  return rejected ? { ...base, status: 'rejected', code: rejected.code, message: rejected.message } : { ...base, status: 'duplicate' };
}

/**
 * A refusal while a batch runs without savepoints (PostgreSQL's first try): the transaction rolls
 * back and the batch runs again with a savepoint per mutation.
 */
class RetryWithSavepoints extends Error {}

/**
 * Applies a device's batch in one transaction (docs/sync-protocol.md, Push). Replays are
 * `duplicate`; a refused mutation is quarantined and reported, never dropped; an unexpected
 * error rolls the whole batch back.
 *
 * On PostgreSQL every statement is a round trip, and the savepoint around each mutation doubled
 * them (savepoint, release). So a batch first runs without savepoints; at the first refusal that
 * whole try rolls back (nothing of it stays) and the batch runs again as on SQLite, each mutation
 * in its savepoint. The answer is the same either way; a batch with a refusal costs one more try.
 */
export async function pushMutations(context: PushContext, body: unknown): Promise<PushResponse> {
  const request = validate(pushRequestSchema, body);
  if (request.schemaVersion !== SYNC_SCHEMA_VERSION) throw new AppError(409, 'SCHEMA_MISMATCH', syncMessages.schemaMismatch);
  const mutations = [...request.mutations].sort((a, b) => a.seq - b.seq);
  if (isPostgres(context.db)) {
    try {
      return await applyBatch(context, request, mutations, false);
    } catch (error) {
      if (!(error instanceof RetryWithSavepoints)) throw error;
    }
  }
  return applyBatch(context, request, mutations, true);
}

type PushRequest = ReturnType<typeof pushRequestSchema.parse>;

async function applyBatch(context: PushContext, request: PushRequest, mutations: PushRequest['mutations'], isolate: boolean): Promise<PushResponse> {
  const { db } = context;
  return db.transaction().execute(async (trx) => {
    // Savepoints, the version counter and inserts of this batch run on the connection directly.
    bindBatch(db, trx);
    // The version counter first: on PostgreSQL its row lock also queues a device's concurrent
    // pushes, so the device row below is read after the other push committed.
    await reserveVersions(trx);
    let lastSeq = await registerDevice(trx, request.deviceId, context.user.id);
    const results: MutationResult[] = [];
    const ctx: CommandContext = { ...context, db: trx, deviceId: request.deviceId };
    const openSealed = mutations.some((m) => isSealed(m.args)) ? await sealedArgsOpener(trx, context.dataKey) : undefined;
    for (const mutation of mutations) {
      const base = { mutationId: mutation.mutationId, seq: mutation.seq };
      if (mutation.seq <= lastSeq) {
        results.push(await replayResult(trx, request.deviceId, base));
        continue;
      }
      if (mutation.seq !== lastSeq + 1) break; // a gap: the device resends from lastSeq + 1
      const handler = Object.hasOwn(mutationRegistry, mutation.name) ? mutationRegistry[mutation.name] : undefined;
      // Args sealed to the server on the device are opened first: everything after sees
      // them as if sent in clear. One that does not open is refused, never a 500.
      const opened = openArgs(mutation.args, openSealed);
      const args = opened.ok ? opened.args : null;
      // Before anything reads the args (the command's schema, the quarantine's JSON.stringify).
      const refusal: BodyRefusal | undefined = carriesSecretText(mutation.name) ? 'secret' : inspectBody(args);
      const versions = versionMark(trx);
      if (isolate) await savepoint(trx);
      try {
        if (!opened.ok) throw new AppError(400, 'SEALED_ARGS_INVALID', deviceSealMessages.sealedInvalid);
        if (refusal) throw bodyRefusalError(refusal);
        if (!handler) throw new AppError(400, 'UNKNOWN_MUTATION', syncMessages.unknownMutation);
        await handler.command(ctx, args);
        if (isolate) await releaseSavepoint(trx);
        results.push({ ...base, status: 'applied' });
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        if (!isolate) throw new RetryWithSavepoints();
        await rollbackToSavepoint(trx);
        await releaseSavepoint(trx);
        rewindVersions(trx, versions);
        // A refused body is kept out of the quarantine: too big to store, or the secret itself. Of
        // args with patient data only ids, versions and times stay (docs/security.md "Quarantine").
        const kept = refusal ? 'null' : JSON.stringify(quarantineArgs(mutation.name, args ?? null) ?? null);
        const name = refusal === 'secret' && !handler ? '' : mutation.name;
        await insertRow(trx, 'syncQuarantine', {
          deviceId: request.deviceId, userId: context.user.id, mutationId: mutation.mutationId, seq: mutation.seq, name,
          args: kept, code: error.code, message: error.message, createdAt: nowIso(),
        });
        results.push({ ...base, status: 'rejected', code: error.code, message: error.message });
      }
      lastSeq = mutation.seq;
    }
    await settleVersions(trx);
    const pendingLeft = request.pendingCount === undefined ? null : Math.max(0, request.pendingCount - results.length);
    await settleDevice(trx, [lastSeq, nowIso(), pendingLeft, request.deviceId]);
    return { lastSeq, results };
  });
}

const isSealed = (args: unknown): boolean => typeof args === 'object' && args !== null && Object.hasOwn(args, sealedArgsKey);

/** Plain args pass through; `{ $sealed }` opens with the server's sealing key or is refused. */
function openArgs(args: unknown, open: ((envelope: string) => unknown) | undefined): { ok: true; args: unknown } | { ok: false } {
  if (!isSealed(args)) return { ok: true, args };
  const sealed = sealedArgsSchema.safeParse(args);
  if (!sealed.success || !open) return { ok: false };
  try {
    return { ok: true, args: open(sealed.data[sealedArgsKey]) };
  } catch {
    return { ok: false };
  }
}
