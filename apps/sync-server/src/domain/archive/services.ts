import type { ArchiveServiceItem } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { QueryContext } from '../context';
import { requireArchiveOwner } from './access';

/** Base query of archived services: those with at least one sealed protocol, with counts. */
export function archiveServicesQuery(db: Db, organizationId: number) {
  return db
    .selectFrom('sealedPatientData as sp')
    .innerJoin('services as s', 's.id', 'sp.serviceId')
    .innerJoin('patientProtocols as p', 'p.id', 'sp.protocolId')
    .select((eb) => [
      's.id', 's.name', 's.location', 's.startDate', 's.endDate', 's.status',
      eb.fn.countAll<number>().as('sealedProtocolCount'),
      eb.fn.max('p.dischargedAt').as('lastDischargedAt'),
    ])
    .where('sp.organizationId', '=', organizationId)
    .groupBy('s.id');
}

/** GET /api/organizations/{orgId}/archive/services: owner only; newest service first. */
export async function listArchiveServices(ctx: QueryContext, organizationId: unknown): Promise<ArchiveServiceItem[]> {
  const { db, user } = ctx;
  const { organization } = await requireArchiveOwner(db, organizationId, user);
  return archiveServicesQuery(db, organization.id).orderBy('s.startDate', 'desc').execute();
}
