import type { ClinicalEntity, DeviceSealedEntity } from '@sanidok/schema';
import { deviceSealedFields, withheldClinical, withholdClinical } from '@sanidok/schema';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { isPostgres } from '../../db/dialect';
import type { PullReader } from './sources';

/** The placeholder a sealed field leaves in the clear data: the withheld value for clinical fields, null otherwise. */
function placeholderOf(entity: DeviceSealedEntity, field: string): unknown {
  if (!Object.hasOwn(withheldClinical, entity)) return null;
  const withheld: Record<string, unknown> = withheldClinical[entity as ClinicalEntity];
  return withheld[field] ?? null;
}

/**
 * A change's data with its patient fields (deviceSealedFields) moved into `sealed` when the reader
 * pulls with a device key; as it is otherwise. Nothing to hide, nothing sealed.
 */
export async function sealedChange<D extends object>(reader: PullReader, entity: DeviceSealedEntity, id: string, data: D): Promise<{ data: D; sealed?: string }> {
  if (!reader.sealer) return { data };
  const fields: Record<string, unknown> = {};
  const open: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const field of deviceSealedFields[entity].fields) {
    fields[field] = open[field];
    open[field] = placeholderOf(entity, field);
  }
  if (Object.values(fields).every((value) => value === null || value === undefined)) return { data };
  return { data: open as unknown as D, sealed: await reader.sealer.seal(entity, id, fields) };
}

/**
 * The clinical part follows the team (docs/security.md "Clinical data follows the team"): a row of
 * a service in the reader's patient-data scope travels with its clinical fields (sealed to the
 * device where it has a key), any other row with them withheld.
 */
export function clinicalChange<D extends object>(reader: PullReader, entity: ClinicalEntity, id: string, serviceId: string | undefined, data: D): Promise<{ data: D; sealed?: string }> {
  if (serviceId === undefined || !reader.scope.patientData.has(serviceId)) return Promise.resolve({ data: withholdClinical(entity, data) });
  return sealedChange(reader, entity, id, data);
}

/** The service of each protocol (vital signs and treatment entries name only their protocol). */
export async function servicesOfProtocols(db: Db, protocolIds: readonly string[]): Promise<Map<string, string>> {
  if (protocolIds.length === 0) return new Map();
  const rows = await db.selectFrom('patientProtocols').select(['id', 'serviceId']).where('id', 'in', [...new Set(protocolIds)]).execute();
  return new Map(rows.map((row) => [row.id, row.serviceId]));
}

/** `column` names a service in the reader's scope (`services`: a JSON array of ids), filtered in SQL before a source's limit. */
export const inScope = (db: Db, column: string, services: string) => isPostgres(db)
  ? sql<boolean>`${sql.ref(column)} in (select jsonb_array_elements_text(cast(${services} as jsonb)))`
  : sql<boolean>`${sql.ref(column)} in (select value from json_each(${services}))`;
