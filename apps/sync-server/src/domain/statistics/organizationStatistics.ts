import type { OrganizationStatistics, StatisticsFigures } from '@sanidok/schema';
import { berlinMonth, statisticsQuerySchema } from '@sanidok/schema';
import type { QueryContext } from '../context';
import { validate } from '../errors';
import { authorize } from '../organizations/policy';

/**
 * Organisation statistics: services, patients, transports, time on site,
 * material cost and persons of MANV mode (counted apart) per month of a service's start in Germany. Aggregates only — no patient data, no
 * protocol text; owner and admins (organizations/policy.ts `viewStatistics`), blocked
 * organisations too (reading). Counting happens in SQL per service; months are put together here.
 */
export async function organizationStatistics(ctx: QueryContext, organizationId: unknown, query: unknown, now = new Date()): Promise<OrganizationStatistics> {
  const { organization } = await authorize(ctx.db, organizationId, ctx.user, 'viewStatistics', false);
  const period = validate(statisticsQuerySchema, query ?? {});
  // One end alone spans twelve months from it; neither: the twelve months up to this one.
  const to = period.to ?? (period.from ? shiftMonth(period.from, 11) : berlinMonth(now));
  const from = period.from ?? shiftMonth(to, -11);
  const months = monthRange(from, to);
  const { db } = ctx;
  // A day of slack on both sides covers the Berlin offset; the month key decides.
  const services = (
    await db
      .selectFrom('services')
      .select(['id', 'name', 'startDate'])
      .where('organizationId', '=', organization.id)
      .where('startDate', '>=', new Date(Date.parse(`${from}-01T00:00:00Z`) - 86_400_000).toISOString())
      .where('startDate', '<', new Date(Date.parse(`${shiftMonth(to, 1)}-01T00:00:00Z`) + 86_400_000).toISOString())
      .orderBy('startDate')
      .execute()
  ).filter((s) => months.has(berlinMonth(s.startDate)));
  const figures = new Map<string, StatisticsFigures & { minutes: number; discharged: number }>([...months].map((m) => [m, emptyFigures()]));
  const total = emptyFigures();
  const servicePatients = new Map(services.map((s) => [s.id, 0]));
  if (services.length) {
    const ids = services.map((s) => s.id);
    const [minor, protocols, usage, manv] = await Promise.all([
      db.selectFrom('minorTreatments').select(['serviceId', (eb) => eb.fn.countAll<number | string>().as('n')]).where('serviceId', 'in', ids).groupBy('serviceId').execute(),
      db.selectFrom('patientProtocols').select(['serviceId', 'status', 'dischargeOutcome', 'createdAt', 'dischargedAt']).where('serviceId', 'in', ids).execute(),
      db
        .selectFrom('materialUsage as u')
        .innerJoin('materials as m', 'm.id', 'u.materialId')
        .select(['u.serviceId', 'm.unitPriceCents', (eb) => eb.fn.sum<number | string>('u.quantity').as('units')])
        .where('u.serviceId', 'in', ids)
        .groupBy(['u.serviceId', 'm.id', 'm.unitPriceCents'])
        .execute(),
      db.selectFrom('manvPatients').select(['serviceId', (eb) => eb.fn.countAll<number | string>().as('n')]).where('serviceId', 'in', ids).where('duplicateOf', 'is', null).groupBy('serviceId').execute(),
    ]);
    const monthOf = new Map(services.map((s) => [s.id, berlinMonth(s.startDate)]));
    const bucketsOf = (serviceId: string) => [figures.get(monthOf.get(serviceId) ?? ''), total].filter((f) => f !== undefined);
    for (const s of services) for (const f of bucketsOf(s.id)) f.services += 1;
    for (const row of minor) {
      const n = Number(row.n);
      servicePatients.set(row.serviceId, (servicePatients.get(row.serviceId) ?? 0) + n);
      for (const f of bucketsOf(row.serviceId)) f.minorTreatments += n;
    }
    for (const p of protocols) {
      servicePatients.set(p.serviceId, (servicePatients.get(p.serviceId) ?? 0) + 1);
      const minutes = p.dischargedAt ? (Date.parse(p.dischargedAt) - Date.parse(p.createdAt)) / 60_000 : null;
      for (const f of bucketsOf(p.serviceId)) {
        f.protocols += 1;
        if (p.status !== 'active') f.closedProtocols += 1;
        if (p.dischargeOutcome === 'ambulance') f.transported += 1;
        // A device clock ahead of the server's can make a negative span: left out, not counted as zero.
        if (minutes !== null && minutes >= 0) {
          f.minutes += minutes;
          f.discharged += 1;
        }
      }
    }
    for (const row of manv) for (const f of bucketsOf(row.serviceId)) f.manvPersons += Number(row.n);
    for (const row of usage) {
      const units = Number(row.units);
      for (const f of bucketsOf(row.serviceId)) {
        if (row.unitPriceCents === null) f.materialUnitsWithoutPrice += units;
        else f.materialCostCents += units * row.unitPriceCents;
      }
    }
  }
  return {
    organizationId: organization.id,
    from,
    to,
    months: [...figures].map(([month, f]) => ({ month, ...finish(f) })),
    total: finish(total),
    services: services.map((s) => ({ id: s.id, name: s.name, startDate: s.startDate, patients: servicePatients.get(s.id) ?? 0 })),
  };
}

function emptyFigures(): StatisticsFigures & { minutes: number; discharged: number } {
  return { services: 0, minorTreatments: 0, protocols: 0, patients: 0, transported: 0, closedProtocols: 0, averageMinutesOnSite: null, materialCostCents: 0, materialUnitsWithoutPrice: 0, manvPersons: 0, minutes: 0, discharged: 0 };
}

function finish({ minutes, discharged, ...f }: StatisticsFigures & { minutes: number; discharged: number }): StatisticsFigures {
  return { ...f, patients: f.minorTreatments + f.protocols, averageMinutesOnSite: discharged ? Math.round(minutes / discharged) : null };
}

/** 'YYYY-MM' moved by whole months. */
export function shiftMonth(month: string, by: number): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + by;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function monthRange(from: string, to: string): Set<string> {
  const months = new Set<string>();
  for (let m = from; m <= to; m = shiftMonth(m, 1)) months.add(m);
  return months;
}
