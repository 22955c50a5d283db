import type { UsedMaterialSummary } from '@sanidok/schema';
import type { QueryContext } from '../context';
import { requireServiceAccess } from '../services/access';

/** Open consumption of a service per material (docs/spec/services.md §7 materials/used), most recent first. */
export async function listUsedMaterials(ctx: QueryContext, serviceId: unknown): Promise<UsedMaterialSummary[]> {
  const { db, user } = ctx;
  const { service } = await requireServiceAccess(db, serviceId, user);
  const rows = await db
    .selectFrom('materialUsage as u')
    .innerJoin('materials as m', 'm.id', 'u.materialId')
    .select((eb) => ['m.id', 'm.name', 'm.unit', eb.fn.sum<number>('u.quantity').as('count'), eb.fn.max('u.usedAt').as('lastUsed')])
    .where('u.serviceId', '=', service.id)
    .where('u.refilledAt', 'is', null)
    .groupBy(['m.id', 'm.name', 'm.unit'])
    .orderBy('lastUsed', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, unit: r.unit, count: r.count, lastUsed: r.lastUsed }));
}
