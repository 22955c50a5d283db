import { createArchiveNonce, randomToken } from '@sanidok/crypto';
import type { ArchiveChallenge } from '@sanidok/schema';
import { archiveChallengeTtlMs, archiveMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { CommandContext } from '../context';
import { AppError } from '../errors';
import { addMs, nowIso } from '../time';
import { refuseSecret, requireArchiveOwner, requireArchiveService } from './access';

/**
 * POST …/archive/services/{serviceId}/challenge: a fresh challenge for the owner (docs/security.md
 * "Archive proof"). A random id (128 bits) and nonce (256 bits), bound to user, organisation and
 * service, valid for 5 minutes and for one proof. Only the newest challenge of a user for a service
 * is kept, so a script cannot pile them up.
 */
export async function issueArchiveChallenge(ctx: CommandContext, organizationId: unknown, serviceId: unknown, body: unknown): Promise<ArchiveChallenge> {
  const { db, user } = ctx;
  refuseSecret(body);
  const { organization } = await requireArchiveOwner(db, organizationId, user);
  const service = await requireArchiveService(db, organization.id, serviceId);
  const now = nowIso();
  const challenge: ArchiveChallenge = {
    challengeId: randomToken(16),
    organizationId: organization.id,
    serviceId: service.id,
    nonce: createArchiveNonce(),
    expiresAt: addMs(now, archiveChallengeTtlMs),
  };
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('archiveChallenges').where('userId', '=', user.id).where('serviceId', '=', service.id).execute();
    await trx
      .insertInto('archiveChallenges')
      .values({
        id: challenge.challengeId, organizationId: organization.id, serviceId: service.id, userId: user.id, nonce: challenge.nonce,
        createdAt: now, expiresAt: challenge.expiresAt,
      })
      .execute();
  });
  return challenge;
}

export const challengeExpired = () => new AppError(410, 'ARCHIVE_CHALLENGE_EXPIRED', archiveMessages.challengeExpired);

/**
 * Takes the challenge out and returns it if it belongs to this user, organisation and service
 * and has not expired. Runs inside the proof's transaction, which commits for a right and for a
 * wrong signature alike: a challenge is good for one proof. (A foreign or expired id throws and
 * changes nothing.)
 */
export async function consumeArchiveChallenge(
  trx: Db,
  challengeId: string,
  expected: { userId: number; organizationId: number; serviceId: string },
): Promise<ArchiveChallenge> {
  const row = await trx.selectFrom('archiveChallenges').selectAll().where('id', '=', challengeId).executeTakeFirst();
  if (!row) throw challengeExpired();
  await trx.deleteFrom('archiveChallenges').where('id', '=', row.id).execute();
  const matches = row.userId === expected.userId && row.organizationId === expected.organizationId && row.serviceId === expected.serviceId;
  if (!matches || row.expiresAt <= nowIso()) throw challengeExpired();
  return { challengeId: row.id, organizationId: row.organizationId, serviceId: row.serviceId, nonce: row.nonce, expiresAt: row.expiresAt };
}

/** Housekeeping (plugins/archive.ts): expired challenges. */
export async function purgeExpiredChallenges(db: Db): Promise<number> {
  const result = await db.deleteFrom('archiveChallenges').where('expiresAt', '<=', nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
