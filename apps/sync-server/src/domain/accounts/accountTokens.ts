import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/connection';
import type { AccountTokensTable } from '../../db/database';
import { nowIso } from '../time';

/**
 * Single-use account tokens sent by e-mail — the password reset (./passwordReset.ts) and the
 * e-mail verification (./emailVerification.ts) — in one mechanism (docs/security.md "Password
 * reset"): a JWT (HS256, `jose`) signed with a key derived from DATA_KEY, naming user, purpose,
 * a random id and its expiry; the database keeps only its SHA-256, marked when used. Signature and
 * digest are both needed: a leaked database yields no link, a leaked key no unused token.
 */
export type AccountTokenPurpose = AccountTokensTable['purpose'];

const issuer = 'sanidok';
const signingKey = (dataKey: string): Uint8Array => new Uint8Array(hkdfSync('sha256', dataKey, '', 'sanidok/account-token/v1', 32));
const digestOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new token for the user, its digest stored (inside the caller's transaction). `claims` are signed along. */
export async function issueAccountToken(
  trx: Db,
  userId: number,
  purpose: AccountTokenPurpose,
  options: { dataKey: string; validMinutes: number; claims?: Record<string, string> },
): Promise<{ token: string; expiresAt: string }> {
  const expiresAt = new Date(Date.now() + options.validMinutes * 60_000).toISOString();
  const token = await new SignJWT({ ...options.claims, purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer)
    .setSubject(String(userId))
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.parse(expiresAt) / 1000))
    .sign(signingKey(options.dataKey));
  await trx.insertInto('accountTokens').values({ userId, purpose, tokenDigest: digestOf(token), expiresAt, usedAt: null, createdAt: nowIso() }).execute();
  return { token, expiresAt };
}

/** User id and signed claims of a valid, unexpired token of this purpose; undefined for anything else. */
export async function verifyAccountToken(token: string, purpose: AccountTokenPurpose, dataKey: string): Promise<{ userId: number; claims: Record<string, unknown> } | undefined> {
  try {
    const { payload } = await jwtVerify(token, signingKey(dataKey), { algorithms: ['HS256'], issuer });
    const userId = Number(payload.sub);
    return payload.purpose === purpose && Number.isInteger(userId) ? { userId, claims: payload } : undefined;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return undefined;
    throw error;
  }
}

/**
 * Uses the token up, with every other open token of the same purpose and user. Conditional
 * update: of two requests racing with one token, exactly one gets true.
 */
export async function spendAccountToken(trx: Db, token: string, userId: number, purpose: AccountTokenPurpose): Promise<boolean> {
  const now = nowIso();
  const used = await trx
    .updateTable('accountTokens')
    .set({ usedAt: now })
    .where('tokenDigest', '=', digestOf(token))
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return false;
  await trx.updateTable('accountTokens').set({ usedAt: now }).where('userId', '=', userId).where('purpose', '=', purpose).where('usedAt', 'is', null).execute();
  return true;
}

/** Daily job: tokens a day past their expiry are of no use, not even as a trace. */
export async function purgeAccountTokens(db: Db, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('accountTokens').where('expiresAt', '<', new Date(now - 86_400_000).toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
