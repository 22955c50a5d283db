import { hashPassword } from '@sanidok/crypto';
import { confirmPasswordResetSchema, passwordResetMessages, passwordResetMinutes, requestPasswordResetSchema } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { RequestContext } from '../context';
import { AppError, validate } from '../errors';
import { mailPasswordReset } from '../mail/events';
import { destroyUserSessions } from '../sessions/sessions';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';
import { issueAccountToken, spendAccountToken, verifyAccountToken } from './accountTokens';
import { assertPasswordStrong } from './passwordStrength';
import { findUserById, updateUser } from './usersRepository';
import type { WindowCounter } from './windowCounter';

/**
 * 'Passwort vergessen?' (docs/security.md, "Password reset"): a single-use token valid 30 minutes,
 * through the account-token mechanism of ./accountTokens.ts.
 */

const purpose = 'password_reset';

export interface ResetLimits {
  perAddress: WindowCounter;
  perClient: WindowCounter;
}

export interface ResetSettings {
  dataKey: string;
  /** Base of the link in the mail: APP_ORIGIN, never a request header (a forged Host would send the token elsewhere). */
  linkOrigin: string;
}

/**
 * POST /api/password-reset/request {email}. The same answer whether an account has the address
 * or not, and whether it is blocked; rate-limited per address and per client address alike.
 */
export async function requestPasswordReset(db: Db, input: unknown, request: RequestContext, limits: ResetLimits, settings: ResetSettings): Promise<{ ok: true; message: string }> {
  const { email } = validate(requestPasswordResetSchema, input);
  const address = email.toLocaleLowerCase('de-DE');
  if (!limits.perClient.take(request.ipAddress ?? 'unbekannt') || !limits.perAddress.take(address)) {
    throw new AppError(429, 'RATE_LIMITED', passwordResetMessages.tooMany);
  }
  const users = await db.selectFrom('users').selectAll().where((eb) => eb(eb.fn('lower', ['email']), '=', address)).where('isBlocked', '=', 0).execute();
  for (const user of users) {
    await inTransaction(db, async (trx) => {
      const { token, expiresAt } = await issueResetToken(trx, user.id, settings.dataKey);
      const resetUrl = `${settings.linkOrigin}/passwort-zuruecksetzen?token=${encodeURIComponent(token)}`;
      await mailPasswordReset(trx, user, { resetUrl, expiresAt }, settings.dataKey);
    });
  }
  return { ok: true, message: passwordResetMessages.requested };
}

/** A new reset token for the user, its digest stored (inside the caller's transaction). */
export function issueResetToken(trx: Db, userId: number, dataKey: string): Promise<{ token: string; expiresAt: string }> {
  return issueAccountToken(trx, userId, purpose, { dataKey, validMinutes: passwordResetMinutes });
}

/**
 * POST /api/password-reset/confirm {token, newPassword}: sets the password, uses the token up
 * (and every other open reset token of the account) and ends every session of the account.
 */
export async function confirmPasswordReset(db: Db, input: unknown, dataKey: string): Promise<{ ok: true; message: string }> {
  const { token, newPassword } = validate(confirmPasswordResetSchema, input);
  const invalid = () => new AppError(400, 'VALIDATION', passwordResetMessages.tokenInvalid, { token: passwordResetMessages.tokenInvalid });
  const verified = await verifyAccountToken(token, purpose, dataKey);
  if (verified === undefined) throw invalid();
  const { userId } = verified;
  const user = await findUserById(db, userId);
  assertPasswordStrong(newPassword, 'newPassword', [user?.username ?? '', user?.email ?? '']);
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(db, async (trx) => {
    if (!(await spendAccountToken(trx, token, userId, purpose))) throw invalid();
    const user = await trx.selectFrom('users').select(['id', 'isBlocked']).where('id', '=', userId).executeTakeFirst();
    if (!user || user.isBlocked === 1) throw invalid();
    // The platform admin runs the mail server the link went through: as after an admin's reset,
    // no key recovery until a second factor or the key is proven (domain/accounts/ownerProof.ts).
    await updateUser(trx, userId, { passwordHash, updatedAt: nowIso(), keyProofRequiredSince: nowIso() });
    await destroyUserSessions(trx, userId);
  });
  return { ok: true, message: passwordResetMessages.done };
}
