import type { AdminAlertItem, AdminAlertKind } from '@sanidok/schema';
import { adminAlertMessages, adminAlertRetentionDays, idParam } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { CommandContext } from '../context';
import { notFound } from '../errors';
import { addMs, days, nowIso } from '../time';

/**
 * The platform admins' in-app inbox (docs/security.md, "Archive alerts"): one shared list, since
 * any admin can act on an alert. Written inside the caller's transaction, so an alert exists
 * exactly when what it reports committed.
 */
export async function postAdminAlert(trx: Db, alert: { kind: AdminAlertKind; title: string; body: string }): Promise<void> {
  await trx.insertInto('adminAlerts').values({ ...alert, createdAt: nowIso(), readAt: null, readById: null }).execute();
}

/** Platform admins who can read the inbox: not blocked. Zero means nobody was notified. */
export async function activeAdminCount(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('count')).where('isAdmin', '=', 1).where('isBlocked', '=', 0).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** GET /api/admin/alerts: newest first, unread and read, at most 200. */
export async function listAdminAlerts(db: Db): Promise<AdminAlertItem[]> {
  const rows = await db
    .selectFrom('adminAlerts as a')
    .leftJoin('users as u', 'u.id', 'a.readById')
    .select(['a.id', 'a.kind', 'a.title', 'a.body', 'a.createdAt', 'a.readAt', 'u.username as readByName'])
    .orderBy('a.id', 'desc')
    .limit(200)
    .execute();
  return rows;
}

/** PATCH /api/admin/alerts/{id}/read: marked once; the first reader stays recorded. */
export async function markAdminAlertRead(ctx: CommandContext, id: unknown): Promise<AdminAlertItem> {
  const parsed = idParam.safeParse(id);
  const existing = parsed.success ? await ctx.db.selectFrom('adminAlerts').select(['id', 'readAt']).where('id', '=', parsed.data).executeTakeFirst() : undefined;
  if (!existing) throw notFound(adminAlertMessages.notFound);
  if (existing.readAt === null) {
    await ctx.db.updateTable('adminAlerts').set({ readAt: nowIso(), readById: ctx.user.id }).where('id', '=', existing.id).where('readAt', 'is', null).execute();
  }
  const updated = (await listAdminAlerts(ctx.db)).find((alert) => alert.id === existing.id);
  if (!updated) throw notFound(adminAlertMessages.notFound);
  return updated;
}

/**
 * The daily job (plugins/jobs.ts): alerts name users, services and full addresses, so they go
 * after 90 days like the access logs (docs/deletion.md), read or not.
 */
export async function purgeOldAdminAlerts(db: Db, now: string = nowIso()): Promise<number> {
  const result = await db.deleteFrom('adminAlerts').where('createdAt', '<', addMs(now, -days(adminAlertRetentionDays))).executeTakeFirst();
  return Number(result.numDeletedRows);
}
