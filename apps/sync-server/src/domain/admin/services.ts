import type { AdminDeleteResult, AdminService } from '@sanidok/schema';
import { adminBlockSchema, adminDeleteSchema, adminMessages, entityId } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { ServiceRow } from '../../db/database';
import type { CommandContext } from '../context';
import { notFound, validate } from '../errors';
import { mailServiceBlocked } from '../mail/events';
import { nextVersion, writeTombstone } from '../versions';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';
import { recordAdminAction } from '../audit';
import { patientRecordCounts } from './patientRecords';
import { listAdminServices } from './queries';
import { assertDeletionConfirmed, deleteOrExplain } from './remove';

type ServiceWithOrganization = ServiceRow & { organizationName: string };

async function findService(db: Db, serviceId: unknown): Promise<ServiceWithOrganization> {
  const id = entityId.safeParse(serviceId);
  const row = id.success
    ? await db
        .selectFrom('services as s')
        .innerJoin('organizations as o', 'o.id', 's.organizationId')
        .selectAll('s')
        .select('o.name as organizationName')
        .where('s.id', '=', id.data)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound(adminMessages.serviceNotFound);
  return row;
}

async function adminService(db: Db, id: string): Promise<AdminService> {
  const found = (await listAdminServices(db, {})).find((s) => s.id === id);
  if (!found) throw notFound(adminMessages.serviceNotFound);
  return found;
}

/** A blocked service is read-only (services/access.ts, 423); the new version carries the lock to devices. */
export async function setServiceBlocked(ctx: CommandContext, serviceId: unknown, input: unknown): Promise<AdminService> {
  const service = await findService(ctx.db, serviceId);
  const { isBlocked, reason } = validate(adminBlockSchema, input);
  await inTransaction(ctx.db, async (trx) => {
    await trx
      .updateTable('services')
      .set({ isBlocked: isBlocked ? 1 : 0, updatedAt: nowIso(), version: await nextVersion(trx) })
      .where('id', '=', service.id)
      .execute();
    await recordAdminAction(trx, ctx, {
      action: isBlocked ? 'service.block' : 'service.unblock', targetType: 'service', targetId: service.id, targetName: service.name,
      details: { organization: service.organizationName, ...(reason && { reason }) },
    });
    if (isBlocked && service.isBlocked !== 1) await mailServiceBlocked(trx, service, service.organizationName, reason);
  });
  return adminService(ctx.db, service.id);
}

/**
 * Deletes the service with its protocols, minor treatments and consumption; with patient
 * documentation only when the name is typed. Devices remove it at their next pull (tombstone).
 */
export async function deleteService(ctx: CommandContext, serviceId: unknown, input: unknown): Promise<AdminDeleteResult> {
  const service = await findService(ctx.db, serviceId);
  const { confirmName } = validate(adminDeleteSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const counts = await patientRecordCounts(trx, { serviceId: service.id });
    assertDeletionConfirmed(service.name, counts, confirmName);
    await deleteOrExplain(() => trx.deleteFrom('services').where('id', '=', service.id).execute());
    await writeTombstone(trx, 'service', service.id, service.organizationId);
    await recordAdminAction(trx, ctx, {
      action: 'service.delete', targetType: 'service', targetId: service.id, targetName: service.name,
      details: { organization: service.organizationName, ...counts, confirmedByName: counts.patientRecords > 0 },
    });
    return { ok: true as const, deleted: counts };
  });
}
