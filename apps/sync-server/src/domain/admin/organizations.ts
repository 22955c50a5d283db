import type { AdminDeleteResult, AdminOrganization } from '@sanidok/schema';
import { adminBlockSchema, adminDeleteSchema, adminMessages, idParam } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { OrganizationRow } from '../../db/database';
import type { CommandContext } from '../context';
import { notFound, validate } from '../errors';
import { mailOrganizationBlocked } from '../mail/events';
import { nextVersion } from '../versions';
import { inTransaction } from '../transaction';
import { recordAdminAction } from '../audit';
import { patientRecordCounts } from './patientRecords';
import { listAdminOrganizations } from './queries';
import { assertDeletionConfirmed, deleteOrExplain } from './remove';

async function findOrganization(db: Db, organizationId: unknown): Promise<OrganizationRow> {
  const id = idParam.safeParse(organizationId);
  const row = id.success ? await db.selectFrom('organizations').selectAll().where('id', '=', id.data).executeTakeFirst() : undefined;
  if (!row) throw notFound(adminMessages.organizationNotFound);
  return row;
}

async function adminOrganization(db: Db, id: number): Promise<AdminOrganization> {
  const found = (await listAdminOrganizations(db, {})).find((o) => o.id === id);
  if (!found) throw notFound(adminMessages.organizationNotFound);
  return found;
}

/**
 * A blocked organisation takes no new services, materials or invitations (organizations/policy.ts,
 * 423). Its services change version, so devices learn at their next pull that they are locked.
 */
export async function setOrganizationBlocked(ctx: CommandContext, organizationId: unknown, input: unknown): Promise<AdminOrganization> {
  const organization = await findOrganization(ctx.db, organizationId);
  const { isBlocked, reason } = validate(adminBlockSchema, input);
  await inTransaction(ctx.db, async (trx) => {
    await trx.updateTable('organizations').set({ isBlocked: isBlocked ? 1 : 0 }).where('id', '=', organization.id).execute();
    const services = await trx.selectFrom('services').select('id').where('organizationId', '=', organization.id).execute();
    for (const service of services) {
      await trx.updateTable('services').set({ version: await nextVersion(trx) }).where('id', '=', service.id).execute();
    }
    await recordAdminAction(trx, ctx, {
      action: isBlocked ? 'organization.block' : 'organization.unblock', targetType: 'organization', targetId: organization.id, targetName: organization.name,
      details: reason ? { reason } : undefined,
    });
    if (isBlocked && organization.isBlocked !== 1) await mailOrganizationBlocked(trx, organization, reason);
  });
  return adminOrganization(ctx.db, organization.id);
}

/**
 * Deletes the organisation with everything that hangs on it (members, invitations, materials,
 * services, protocols, minor treatments, consumption, access logs). With patient documentation
 * the name must be typed; sealed archive protocols go with it, as no one could release them
 * without the organisation's keys. The audit entry records what was deleted.
 */
export async function deleteOrganization(ctx: CommandContext, organizationId: unknown, input: unknown): Promise<AdminDeleteResult> {
  const organization = await findOrganization(ctx.db, organizationId);
  const { confirmName } = validate(adminDeleteSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const counts = await patientRecordCounts(trx, { organizationId: organization.id });
    assertDeletionConfirmed(organization.name, counts, confirmName);
    const services = await trx.selectFrom('services').select((eb) => eb.fn.countAll<number>().as('n')).where('organizationId', '=', organization.id).executeTakeFirstOrThrow();
    await deleteOrExplain(() => trx.deleteFrom('organizations').where('id', '=', organization.id).execute());
    // Devices drop the organisation when it leaves their pull's list; its tombstones serve no one.
    await trx.deleteFrom('syncTombstones').where('organizationId', '=', organization.id).execute();
    await recordAdminAction(trx, ctx, {
      action: 'organization.delete', targetType: 'organization', targetId: organization.id, targetName: organization.name,
      details: { services: services.n, ...counts, confirmedByName: counts.patientRecords > 0 },
    });
    return { ok: true as const, deleted: counts };
  });
}
