import { verifyPassword } from '@sanidok/crypto';
import type { PublicUser } from '@sanidok/schema';
import { profileSchema } from '@sanidok/schema';
import type { CommandContext } from '../context';
import { validate } from '../errors';
import { mailEmailChanged } from '../mail/events';
import { nowIso } from '../time';
import { wrongCurrentPassword } from './accountErrors';
import { toPublicUser } from './publicUser';
import { updateUser } from './usersRepository';

/**
 * PATCH /api/profile. A new e-mail address takes the current password and the old address is told
 * (docs/decisions.md "Proofs a platform admin cannot forge"): the address is where every warning of
 * a takeover goes, so whoever holds only a session cannot quietly move it away from the holder.
 */
export async function updateProfile(ctx: CommandContext, input: unknown): Promise<PublicUser> {
  const data = validate(profileSchema, input);
  const before = ctx.user;
  const emailChanged = before.email !== data.email;
  if (emailChanged && !(data.currentPassword && (await verifyPassword(before.passwordHash, data.currentPassword)))) throw wrongCurrentPassword();
  // A new address is unconfirmed until its own link is opened (./emailVerification.ts).
  const verified = emailChanged ? null : before.emailVerifiedAt;
  return ctx.db.transaction().execute(async (trx) => {
    const updated = await updateUser(trx, before.id, { fullName: data.fullName, email: data.email, emailVerifiedAt: verified, updatedAt: nowIso() });
    if (emailChanged && before.email) await mailEmailChanged(trx, before, { newEmail: data.email ?? '(keine)', ipAddress: ctx.request.ipAddress });
    return toPublicUser(updated);
  });
}
