import { createHash, timingSafeEqual } from 'node:crypto';
import { decryptAtRest, encryptAtRest, randomBytes, toBase64Url } from '@sanidok/crypto';
import type { DevicePinShare } from '@sanidok/schema';
import { deviceSealMessages, devicePinSchema, pinAttemptsAllowed } from '@sanidok/schema';
import type { CommandContext } from '../context';
import { AppError, validate } from '../errors';
import { nowIso } from '../time';
import { assertOwnDevice } from './policy';

/**
 * The server-held half of a device's PIN unlock (docs/security.md "Quick unlock with a
 * PIN"). The device wraps its data key under Argon2id(PIN) combined with a random share that only
 * the server keeps; the share is handed out for the right PIN verifier, and destroyed after
 * {@link pinAttemptsAllowed} wrong ones. A copy of the tablet's files therefore cannot be searched
 * for the PIN offline: every guess needs the server, and the server allows five.
 */
const shareContext = (deviceId: string) => `device_pin_shares:${deviceId}`;
const digest = (verifier: string) => createHash('sha256').update(verifier).digest('hex');

/** Enrols (or replaces) the device's PIN: a fresh share, the verifier's hash, the count at 0. */
export async function enrolPin(ctx: CommandContext, body: unknown): Promise<DevicePinShare> {
  const input = validate(devicePinSchema, body);
  await assertOwnDevice(ctx.db, ctx.user.id, input.deviceId);
  const share = toBase64Url(randomBytes(32));
  const now = nowIso();
  const stored = {
    share: await encryptAtRest(ctx.dataKey, share, shareContext(input.deviceId)),
    verifierHash: digest(input.verifier),
    failedAttempts: 0,
    updatedAt: now,
  };
  await ctx.db
    .insertInto('devicePinShares')
    .values({ deviceId: input.deviceId, userId: ctx.user.id, createdAt: now, ...stored })
    .onConflict((oc) => oc.column('deviceId').doUpdateSet(stored))
    .execute();
  return { share };
}

/**
 * The share for the right verifier. A wrong one counts (atomically, so parallel guesses cannot
 * share a count); the fifth deletes the share: from then on only the password unlocks.
 */
export async function unlockWithPin(ctx: CommandContext, body: unknown): Promise<DevicePinShare> {
  const input = validate(devicePinSchema, body);
  await assertOwnDevice(ctx.db, ctx.user.id, input.deviceId);
  const row = await ctx.db
    .selectFrom('devicePinShares')
    .select(['share', 'verifierHash'])
    .where('deviceId', '=', input.deviceId)
    .where('userId', '=', ctx.user.id)
    .executeTakeFirst();
  if (!row) throw new AppError(409, 'PIN_LOCKED', deviceSealMessages.pinMissing);

  const given = Buffer.from(digest(input.verifier), 'hex');
  if (timingSafeEqual(given, Buffer.from(row.verifierHash, 'hex'))) {
    await ctx.db.updateTable('devicePinShares').set({ failedAttempts: 0, updatedAt: nowIso() }).where('deviceId', '=', input.deviceId).execute();
    return { share: await decryptAtRest(ctx.dataKey, row.share, shareContext(input.deviceId)) };
  }
  const counted = await ctx.db
    .updateTable('devicePinShares')
    .set((eb) => ({ failedAttempts: eb('failedAttempts', '+', 1), updatedAt: nowIso() }))
    .where('deviceId', '=', input.deviceId)
    .returning('failedAttempts')
    .executeTakeFirst();
  const failed = counted?.failedAttempts ?? pinAttemptsAllowed;
  if (failed >= pinAttemptsAllowed) {
    await ctx.db.deleteFrom('devicePinShares').where('deviceId', '=', input.deviceId).execute();
    throw new AppError(409, 'PIN_LOCKED', deviceSealMessages.pinLocked);
  }
  throw new AppError(403, 'PIN_WRONG', deviceSealMessages.pinWrong(pinAttemptsAllowed - failed));
}
