import { serviceStatus } from '@sanidok/schema';
import type { QueryContext } from '../context';
import { listServices } from '../services/queries';

export interface DashboardStats {
  activeServices: number;
  plannedServices: number;
  endedServices: number;
  minorTreatments: number;
  openMaterialItems: number;
}

/** Counts for the dashboard cards, over the organisations the user belongs to. */
export async function dashboardStats(ctx: QueryContext, now = new Date()): Promise<DashboardStats> {
  const { db, user } = ctx;
  const services = await listServices(ctx);
  const statuses = services.map((s) => serviceStatus(s, now));
  const mine = db.selectFrom('organizationMembers').select('organizationId').where('userId', '=', user.id);
  const [treatments, usage] = await Promise.all([
    db.selectFrom('minorTreatments').select((eb) => eb.fn.countAll<number>().as('n')).where('organizationId', 'in', mine).executeTakeFirstOrThrow(),
    // SUM over no rows is NULL in SQL, hence the `?? 0` below.
    db.selectFrom('materialUsage').select((eb) => eb.fn.sum<number | null>('quantity').as('n'))
      .where('organizationId', 'in', mine).where('refilledAt', 'is', null).executeTakeFirstOrThrow(),
  ]);
  return {
    activeServices: statuses.filter((s) => s === 'active').length,
    plannedServices: statuses.filter((s) => s === 'upcoming').length,
    endedServices: statuses.filter((s) => s === 'ended').length,
    minorTreatments: treatments.n,
    openMaterialItems: usage.n ?? 0,
  };
}
