import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { hashPassword } from '@sanidok/crypto';
import { confirmPasswordResetSchema, passwordResetMessages, passwordResetMinutes, requestPasswordResetSchema } from '@sanidok/schema';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/connection';
import type { RequestContext } from '../context';
import { AppError, validate } from '../errors';
import { mailPasswordReset } from '../mail/events';
import { destroyUserSessions } from '../sessions/sessions';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';
import { assertPasswordNotCommon } from './passwordBlockList';
import { updateUser } from './usersRepository';
import type { WindowCounter } from './windowCounter';

/**
 * 'Passwort vergessen?' (docs/security.md, "Password reset"). The token is a JWT (HS256, `jose`)
 * signed with a key derived from DATA_KEY, naming user, purpose and a random id, valid 30 minutes;
 * the database keeps only its SHA-256, marked when used. Signature and digest are both needed: a
 * leaked database yields no link, a leaked key no unused token.
 */

const purpose = 'password_reset';
const issuer = 'sanidok';

export interface ResetLimits {
  perAddress: WindowCounter;
  perClient: WindowCounter;
}

export interface ResetSettings {
  dataKey: string;
  /** Base of the link in the mail: APP_ORIGIN, never a request header (a forged Host would send the token elsewhere). */
  linkOrigin: string;
}

const signingKey = (dataKey: string): Uint8Array => new Uint8Array(hkdfSync('sha256', dataKey, '', 'sanidok/account-token/v1', 32));
const digestOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

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
export async function issueResetToken(trx: Db, userId: number, dataKey: string): Promise<{ token: string; expiresAt: string }> {
  const expiresAt = new Date(Date.now() + passwordResetMinutes * 60_000).toISOString();
  const token = await new SignJWT({ purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer)
    .setSubject(String(userId))
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.parse(expiresAt) / 1000))
    .sign(signingKey(dataKey));
  await trx.insertInto('accountTokens').values({ userId, purpose, tokenDigest: digestOf(token), expiresAt, usedAt: null, createdAt: nowIso() }).execute();
  return { token, expiresAt };
}

/** The user id a valid, unexpired reset token names; undefined for anything else. */
async function tokenSubject(token: string, dataKey: string): Promise<number | undefined> {
  try {
    const { payload } = await jwtVerify(token, signingKey(dataKey), { algorithms: ['HS256'], issuer });
    const userId = Number(payload.sub);
    return payload.purpose === purpose && Number.isInteger(userId) ? userId : undefined;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return undefined;
    throw error;
  }
}

/**
 * POST /api/password-reset/confirm {token, newPassword}: sets the password, uses the token up
 * (and every other open reset token of the account) and ends every session of the account.
 */
export async function confirmPasswordReset(db: Db, input: unknown, dataKey: string): Promise<{ ok: true; message: string }> {
  const { token, newPassword } = validate(confirmPasswordResetSchema, input);
  const invalid = () => new AppError(400, 'VALIDATION', passwordResetMessages.tokenInvalid, { token: passwordResetMessages.tokenInvalid });
  const userId = await tokenSubject(token, dataKey);
  if (userId === undefined) throw invalid();
  assertPasswordNotCommon(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(db, async (trx) => {
    const now = nowIso();
    // Conditional update: of two requests racing with one token, exactly one finds it unused.
    const used = await trx
      .updateTable('accountTokens')
      .set({ usedAt: now })
      .where('tokenDigest', '=', digestOf(token))
      .where('userId', '=', userId)
      .where('purpose', '=', purpose)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirst();
    if (used.numUpdatedRows !== 1n) throw invalid();
    const user = await trx.selectFrom('users').select(['id', 'isBlocked']).where('id', '=', userId).executeTakeFirst();
    if (!user || user.isBlocked === 1) throw invalid();
    await trx.updateTable('accountTokens').set({ usedAt: now }).where('userId', '=', userId).where('purpose', '=', purpose).where('usedAt', 'is', null).execute();
    await updateUser(trx, userId, { passwordHash, updatedAt: now });
    await destroyUserSessions(trx, userId);
  });
  return { ok: true, message: passwordResetMessages.done };
}

/** Daily job: tokens a day past their expiry are of no use, not even as a trace. */
export async function purgeAccountTokens(db: Db, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('accountTokens').where('expiresAt', '<', new Date(now - 86_400_000).toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
