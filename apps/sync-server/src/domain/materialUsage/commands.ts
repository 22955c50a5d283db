import { addUsedMaterialsSchema, refillMaterialsSchema } from '@sanidok/schema';
import type { CommandContext } from '../context';
import { validate } from '../errors';
import { authorizeCapture } from '../services/access';
import { nextVersion } from '../versions';
import { deviceTime, nowIso } from '../time';
import { inTransaction } from '../transaction';
import { recordUsage } from './recordUsage';

/** Material taken for a service (manual entry, or from a protocol): docs/spec/services.md §7 add-used. */
export async function addUsedMaterials(ctx: CommandContext, input: unknown): Promise<{ usageIds: string[] }> {
  const data = validate(addUsedMaterialsSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { service } = await authorizeCapture(trx, data.serviceId, ctx.user);
    const scope = { serviceId: service.id, organizationId: service.organizationId, userId: ctx.user.id };
    const usageIds = await recordUsage(trx, scope, data.materials, data.source, data.sourceId ?? null, deviceTime(data.usedAt));
    return { usageIds };
  });
}

/**
 * 'Aufgefüllt' (one material) and 'Liste leeren' (all): open rows become refilled; history stays.
 * With `usageIds` exactly the rows the device showed are marked, so consumption recorded
 * elsewhere meanwhile stays open.
 */
export async function refillMaterials(ctx: CommandContext, input: unknown): Promise<{ refilled: number }> {
  const data = validate(refillMaterialsSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { service } = await authorizeCapture(trx, data.serviceId, ctx.user);
    let open = trx.selectFrom('materialUsage').select('id').where('serviceId', '=', service.id).where('refilledAt', 'is', null);
    if (data.materialId !== undefined) open = open.where('materialId', '=', data.materialId);
    if (data.usageIds) open = open.where('id', 'in', data.usageIds.length ? data.usageIds : ['']);
    const rows = await open.execute();
    const now = nowIso();
    for (const row of rows) {
      await trx.updateTable('materialUsage').set({ refilledAt: now, version: await nextVersion(trx) }).where('id', '=', row.id).execute();
    }
    return { refilled: rows.length };
  });
}
