import { syncMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import { AppError } from '../errors';

/**
 * Who may use a device's PIN share: only the user the device belongs to. A device id
 * is bound to a user by its first push (devices), its PIN enrolment (device_pin_shares) or its key
 * registration (device_public_keys); another
 * user gets 403, as a push with a foreign device id does.
 */
export async function assertOwnDevice(db: Db, userId: number, deviceId: string): Promise<void> {
  const [pushed, enrolled, keyed] = await Promise.all([
    db.selectFrom('devices').select('userId').where('id', '=', deviceId).executeTakeFirst(),
    db.selectFrom('devicePinShares').select('userId').where('deviceId', '=', deviceId).executeTakeFirst(),
    db.selectFrom('devicePublicKeys').select('userId').where('deviceId', '=', deviceId).executeTakeFirst(),
  ]);
  const owner = pushed?.userId ?? enrolled?.userId ?? keyed?.userId;
  if (owner !== undefined && owner !== userId) throw new AppError(403, 'FOREIGN_DEVICE', syncMessages.foreignDevice);
}
