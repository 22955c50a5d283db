import { createArchiveNonce, randomToken } from '@sanidok/crypto';
import type { KeyChangeChallenge } from '@sanidok/schema';
import { archiveMessages, keyChangeChallengeTtlMs, keyRecoveryMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { CommandContext } from '../context';
import { AppError } from '../errors';
import { authorize } from '../organizations/policy';
import { addMs, nowIso } from '../time';

/**
 * POST …/key-change/challenge: the nonce the owner's next rotation or recovery message carries
 * (docs/decisions.md "Proofs a platform admin cannot forge"). Random id and 256-bit nonce, bound
 * to owner and organisation, valid 5 minutes and for one message; only the newest is kept.
 */
export async function issueKeyChangeChallenge(ctx: CommandContext, organizationId: unknown): Promise<KeyChangeChallenge> {
  const { organization } = await authorize(ctx.db, organizationId, ctx.user, 'rotateKey');
  const now = nowIso();
  const challenge: KeyChangeChallenge = { challengeId: randomToken(16), organizationId: organization.id, nonce: createArchiveNonce(), expiresAt: addMs(now, keyChangeChallengeTtlMs) };
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('organizationKeyChallenges').where('userId', '=', ctx.user.id).where('organizationId', '=', organization.id).execute();
    await trx
      .insertInto('organizationKeyChallenges')
      .values({ id: challenge.challengeId, organizationId: organization.id, userId: ctx.user.id, nonce: challenge.nonce, createdAt: now, expiresAt: challenge.expiresAt })
      .execute();
  });
  return challenge;
}

export type KeyChangePurpose = 'rotation' | 'recovery';
const expired = (purpose: KeyChangePurpose) =>
  new AppError(410, 'KEY_CHALLENGE_EXPIRED', purpose === 'rotation' ? archiveMessages.rotationChallengeExpired : keyRecoveryMessages.challengeExpired, { challengeId: keyRecoveryMessages.challengeExpired });

/** The nonce of a live challenge of this owner and organisation (read, not used up: see {@link spendKeyChangeChallenge}). */
export async function liveKeyChangeNonce(db: Db, challengeId: string, expected: { userId: number; organizationId: number }, purpose: KeyChangePurpose): Promise<string> {
  const row = await db.selectFrom('organizationKeyChallenges').selectAll().where('id', '=', challengeId).executeTakeFirst();
  if (!row || row.userId !== expected.userId || row.organizationId !== expected.organizationId || row.expiresAt <= nowIso()) throw expired(purpose);
  return row.nonce;
}

/**
 * Uses the challenge up inside the change's transaction: of two requests with one challenge only
 * the one whose delete removed the row goes on (the other's transaction rolls back, changing nothing).
 */
export async function spendKeyChangeChallenge(trx: Db, challengeId: string, purpose: KeyChangePurpose): Promise<void> {
  const spent = await trx.deleteFrom('organizationKeyChallenges').where('id', '=', challengeId).executeTakeFirst();
  if (Number(spent.numDeletedRows) !== 1) throw expired(purpose);
}

/** Housekeeping (plugins/archive.ts): expired challenges. */
export async function purgeExpiredKeyChangeChallenges(db: Db): Promise<number> {
  const result = await db.deleteFrom('organizationKeyChallenges').where('expiresAt', '<=', nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
