import type { Db } from '../../db/connection';

/**
 * How much patient documentation hangs on an organisation or a service: protocols in any state
 * plus minor treatments. `archivedProtocols` are those past 'active' — their patient data is
 * sealed for the archive and would be gone for good with a deletion. Counts only; the admin area
 * never reads patient data itself.
 */
export interface PatientRecordCounts {
  patientRecords: number;
  archivedProtocols: number;
}

export async function patientRecordCounts(db: Db, scope: { organizationId: number } | { serviceId: string }): Promise<PatientRecordCounts> {
  let protocols = db
    .selectFrom('patientProtocols')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number | null>(eb.case().when('status', '!=', 'active').then(1).else(0).end()).as('archived'),
    ]);
  let treatments = db.selectFrom('minorTreatments').select((eb) => eb.fn.countAll<number>().as('total'));
  if ('organizationId' in scope) {
    protocols = protocols.where('organizationId', '=', scope.organizationId);
    treatments = treatments.where('organizationId', '=', scope.organizationId);
  } else {
    protocols = protocols.where('serviceId', '=', scope.serviceId);
    treatments = treatments.where('serviceId', '=', scope.serviceId);
  }
  const [p, t] = await Promise.all([protocols.executeTakeFirstOrThrow(), treatments.executeTakeFirstOrThrow()]);
  return { patientRecords: p.total + t.total, archivedProtocols: p.archived ?? 0 };
}
