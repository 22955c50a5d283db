import type { ArchiveAccessFailureItem } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { ServiceRow, UserRow } from '../../db/database';
import { addMs, days, nowIso } from '../time';

/** Failed archive key attempts (docs/spec/accounts.md §2 archive-failures tab), newest first. */
export async function listArchiveAccessFailures(db: Db, limit = 500): Promise<ArchiveAccessFailureItem[]> {
  return db.selectFrom('archiveAccessFailures').selectAll().orderBy('timestamp', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Records one wrong key at the archive, names copied so the entry outlives a deletion. For the
 * archive's proof check; the alert at 5 attempts is mail/events.ts `mailArchiveAccessAlert`.
 */
export async function recordArchiveAccessFailure(
  db: Db,
  failure: { user: Pick<UserRow, 'id' | 'username' | 'email'>; organization: { id: number; name: string }; service: Pick<ServiceRow, 'id' | 'name' | 'location' | 'startDate' | 'endDate'>; ipAddress: string | null },
): Promise<void> {
  await db
    .insertInto('archiveAccessFailures')
    .values({
      timestamp: nowIso(),
      username: failure.user.username,
      userEmail: failure.user.email,
      organizationName: failure.organization.name,
      serviceName: failure.service.name,
      serviceLocation: failure.service.location,
      serviceStartDate: failure.service.startDate,
      serviceEndDate: failure.service.endDate,
      ipAddress: failure.ipAddress,
      organizationId: failure.organization.id,
      serviceId: failure.service.id,
      userId: failure.user.id,
    })
    .execute();
}

/** As the access logs (packages/schema `accessLogRetentionDays`): the privacy text promises 90 days. */
export const archiveAccessFailureRetentionDays = 90;

/** The daily job (plugins/jobs.ts): failures older than 90 days are deleted. */
export async function purgeOldArchiveAccessFailures(db: Db): Promise<number> {
  const cutoff = addMs(nowIso(), -days(archiveAccessFailureRetentionDays));
  const result = await db.deleteFrom('archiveAccessFailures').where('timestamp', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
