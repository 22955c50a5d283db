import { verifyPassword } from '@sanidok/crypto';
import type { DeviceKeyRegistered } from '@sanidok/schema';
import { deviceKeyRegistrationSchema } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import { wrongCurrentPassword } from '../accounts/accountErrors';
import type { CommandContext } from '../context';
import { validate } from '../errors';
import { nowIso } from '../time';
import { assertOwnDevice } from './policy';

/**
 * The device keys pulls seal patient-identifying data to (docs/security.md "Patient data needs the
 * unlocked device"). A key is registered with the account password, which a copy of a locked
 * tablet's disk does not hold: the session cookie alone cannot make the server seal to a key of
 * the attacker's choosing. Re-registering replaces the key (a new keyring on the same device id).
 */
export async function registerDeviceKey(ctx: CommandContext, body: unknown): Promise<DeviceKeyRegistered> {
  const input = validate(deviceKeyRegistrationSchema, body);
  await assertOwnDevice(ctx.db, ctx.user.id, input.deviceId);
  if (!(await verifyPassword(ctx.user.passwordHash, input.currentPassword))) throw wrongCurrentPassword();
  const registeredAt = nowIso();
  await ctx.db
    .insertInto('devicePublicKeys')
    .values({ deviceId: input.deviceId, userId: ctx.user.id, publicKey: input.publicKey, registeredAt })
    .onConflict((oc) => oc.column('deviceId').doUpdateSet({ publicKey: input.publicKey, registeredAt }))
    .execute();
  return { deviceId: input.deviceId, registeredAt };
}

/** The registered public key of this user's device (base64url), or undefined. */
export async function registeredDeviceKey(db: Db, userId: number, deviceId: string | undefined): Promise<string | undefined> {
  if (deviceId === undefined) return undefined;
  const row = await db.selectFrom('devicePublicKeys').select('publicKey').where('deviceId', '=', deviceId).where('userId', '=', userId).executeTakeFirst();
  return row?.publicKey;
}
