import type { AdminAuditEntry } from '@sanidok/schema';
import { adminAuditFullIpDays, adminAuditRetentionDays, maskIpAddress } from '@sanidok/schema';
import type { Db } from '../db/connection';
import type { UserRow } from '../db/database';
import type { RequestContext } from './context';
import { addMs, days, nowIso } from './time';

/** Everything the admin area can do, as it is written to the audit table. */
export type AdminAction =
  | 'access_denied'
  | 'user.password_reset'
  | 'user.block'
  | 'user.unblock'
  | 'user.delete'
  | 'organization.block'
  | 'organization.unblock'
  | 'organization.delete'
  | 'service.block'
  | 'service.unblock'
  | 'service.delete'
  | 'beta_mode.set'
  | 'operator_details.set'
  | 'beta_code.generate'
  | 'beta_code.toggle'
  | 'email_configuration.create'
  | 'email_configuration.update'
  | 'email_configuration.delete'
  | 'email_configuration.test'
  | 'email_configuration.send_test'
  | 'email_template.create'
  | 'email_template.update'
  | 'email_template.delete';

export interface AuditEntry {
  action: AdminAction;
  targetType?: 'user' | 'organization' | 'service' | 'beta_code' | 'setting' | 'email_configuration' | 'email_template' | 'route';
  targetId?: string | number;
  targetName?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Writes who did what, when (and from where). Called inside the action's transaction, so an entry
 * exists exactly when the action took effect.
 */
export async function recordAdminAction(db: Db, actor: { user: UserRow; request: RequestContext }, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('adminAuditLog')
    .values({
      actorId: actor.user.id,
      actorUsername: actor.user.username,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId === undefined ? null : String(entry.targetId),
      targetName: entry.targetName ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      ipAddress: actor.request.ipAddress,
      createdAt: nowIso(),
    })
    .execute();
}

/** Newest first. */
export async function listAuditLog(db: Db, limit = 200): Promise<AdminAuditEntry[]> {
  return db.selectFrom('adminAuditLog').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

/**
 * The daily job (plugins/jobs.ts, docs/deletion.md): the full address helps for a week to trace an
 * incident, then only its network stays (packages/schema `maskIpAddress`); an entry goes after two
 * years, long enough for a yearly review and a late complaint. One update per distinct address.
 */
export async function limitAuditLog(db: Db, now: string = nowIso()): Promise<number> {
  const shortenBefore = addMs(now, -days(adminAuditFullIpDays));
  const full = await db
    .selectFrom('adminAuditLog')
    .select('ipAddress')
    .distinct()
    .where('createdAt', '<', shortenBefore)
    .where('ipAddress', 'is not', null)
    .where('ipAddress', 'not like', '%*%')
    .execute();
  for (const { ipAddress } of full) {
    if (ipAddress === null) continue;
    await db.updateTable('adminAuditLog').set({ ipAddress: maskIpAddress(ipAddress) }).where('ipAddress', '=', ipAddress).where('createdAt', '<', shortenBefore).execute();
  }
  const result = await db.deleteFrom('adminAuditLog').where('createdAt', '<', addMs(now, -days(adminAuditRetentionDays))).executeTakeFirst();
  return Number(result.numDeletedRows);
}
