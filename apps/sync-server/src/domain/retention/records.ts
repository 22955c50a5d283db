import type { Expression } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { isPostgres } from '../../db/dialect';
import { inTransaction } from '../transaction';
import { nowIso } from '../time';
import { reserveVersionBlock } from '../versions';

/**
 * The retention job (docs/deletion.md): sealed records whose retention period is over are deleted
 * for good, with everything the server keeps of them, and devices drop them at their next pull.
 *
 * A record is sealed (closed for edits, its patient data sealed to the organisation key,
 * ../protocols/sealing.ts) once it is discharged, or once its service is archived. The period
 * runs from that close: the discharge time of a discharged protocol; the archived service's last
 * change (its archiving, or a later block) for an open protocol and for the minor treatments of an
 * archived service. A later start only keeps a record longer, never shorter.
 *
 * Set-based: per organisation a handful of statements over all expired rows, whatever their
 * number; no loop over records. One transaction per organisation, so a crash leaves all or nothing;
 * two server processes on PostgreSQL: the job runs under `runExclusive` (plugins/jobs.ts), and the
 * statements are idempotent anyway (a second run finds nothing expired left).
 */

/** `now` minus `years` calendar years, as ISO text (a leap day falls back to 28 February). */
export function retentionCutoff(now: string, years: number): string {
  const date = new Date(now);
  const month = date.getUTCMonth();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  if (date.getUTCMonth() !== month) date.setUTCDate(0);
  return date.toISOString();
}

// When the protocol was closed: the discharge, or the archiving of its service (see above).
const protocolClosedAt = sql<string>`case when p.status <> 'active' then coalesce(p.discharged_at, p.updated_at) else s.updated_at end`;

function expiredProtocols(db: Db, organizationId: number, cutoff: string) {
  return db
    .selectFrom('patientProtocols as p')
    .innerJoin('services as s', 's.id', 'p.serviceId')
    .where('p.organizationId', '=', organizationId)
    .where((eb) => eb.or([eb('p.status', '!=', 'active'), eb('s.status', '=', 'archived')]))
    .where((eb) => eb(protocolClosedAt as Expression<string>, '<', cutoff));
}

function expiredMinorTreatments(db: Db, organizationId: number, cutoff: string) {
  return db
    .selectFrom('minorTreatments as m')
    .innerJoin('services as s', 's.id', 'm.serviceId')
    .where('m.organizationId', '=', organizationId)
    .where('s.status', '=', 'archived')
    .where('s.updatedAt', '<', cutoff);
}

interface ServiceTotals {
  closedFrom: string;
  closedUntil: string;
  protocols: number;
  minorTreatments: number;
}

/** One deletion record per service: the counts and the span of closes, no patient data. */
async function serviceTotals(trx: Db, organizationId: number, cutoff: string): Promise<Map<string, ServiceTotals>> {
  const protocols = await expiredProtocols(trx, organizationId, cutoff)
    .select((eb) => ['p.serviceId', eb.fn.min(protocolClosedAt).as('closedFrom'), eb.fn.max(protocolClosedAt).as('closedUntil'), eb.fn.countAll<number | string>().as('count')])
    .groupBy('p.serviceId')
    .execute();
  const minor = await expiredMinorTreatments(trx, organizationId, cutoff)
    .select((eb) => ['m.serviceId', eb.fn.max('s.updatedAt').as('closedAt'), eb.fn.countAll<number | string>().as('count')])
    .groupBy('m.serviceId')
    .execute();
  const totals = new Map<string, ServiceTotals>();
  for (const row of protocols) {
    totals.set(row.serviceId, { closedFrom: row.closedFrom, closedUntil: row.closedUntil, protocols: Number(row.count), minorTreatments: 0 });
  }
  for (const row of minor) {
    const known = totals.get(row.serviceId);
    const count = Number(row.count);
    if (!known) totals.set(row.serviceId, { closedFrom: row.closedAt, closedUntil: row.closedAt, protocols: 0, minorTreatments: count });
    else totals.set(row.serviceId, {
      ...known, minorTreatments: count,
      closedFrom: row.closedAt < known.closedFrom ? row.closedAt : known.closedFrom,
      closedUntil: row.closedAt > known.closedUntil ? row.closedAt : known.closedUntil,
    });
  }
  return totals;
}

/**
 * Tombstones for every deleted row, in one statement per entity: devices delete the row, and with
 * a protocol its patient data, vital signs and treatment entries (apps/pwa/src/sync/applyPull.ts).
 */
async function writeTombstones(trx: Db, entity: 'protocol' | 'minorTreatment', ids: ReturnType<typeof expiredProtocols> | ReturnType<typeof expiredMinorTreatments>, idColumn: 'p.id' | 'm.id', count: number, organizationId: number, now: string) {
  if (count === 0) return;
  const base = await reserveVersionBlock(trx, count);
  const rows = (ids as ReturnType<typeof expiredProtocols>).select((eb) => [
    sql.lit(entity).as('entity'),
    sql.ref<string>(idColumn).as('entityId'),
    sql.lit(organizationId).as('organizationId'),
    sql<number>`${sql.lit(base)} + row_number() over (order by ${sql.ref(idColumn)})`.as('version'),
    eb.val(now).as('deletedAt'),
  ]);
  await trx
    .insertInto('syncTombstones')
    .columns(['entity', 'entityId', 'organizationId', 'version', 'deletedAt'])
    .expression(rows)
    .onConflict((oc) => oc.columns(['entity', 'entityId']).doUpdateSet((eb) => ({ version: eb.ref('excluded.version'), deletedAt: eb.ref('excluded.deletedAt') })))
    .execute();
}

async function purgeOrganization(db: Db, organization: { id: number; retentionYears: number }, now: string): Promise<number> {
  const cutoff = retentionCutoff(now, organization.retentionYears);
  return inTransaction(db, async (trx) => {
    // A second process (PostgreSQL) waits here and then finds nothing expired left: no record twice.
    if (isPostgres(trx)) await trx.selectFrom('organizations').select('id').where('id', '=', organization.id).forUpdate().execute();
    const totals = await serviceTotals(trx, organization.id, cutoff);
    if (totals.size === 0) return 0;
    const protocolCount = [...totals.values()].reduce((sum, t) => sum + t.protocols, 0);
    const minorCount = [...totals.values()].reduce((sum, t) => sum + t.minorTreatments, 0);
    await trx
      .insertInto('retentionDeletions')
      .values([...totals].map(([serviceId, t]) => ({
        organizationId: organization.id, serviceId, deletedAt: now, closedFrom: t.closedFrom, closedUntil: t.closedUntil,
        protocolCount: t.protocols, minorTreatmentCount: t.minorTreatments, retentionYears: organization.retentionYears,
      })))
      .execute();
    const protocols = () => expiredProtocols(trx, organization.id, cutoff).select('p.id');
    const minor = () => expiredMinorTreatments(trx, organization.id, cutoff).select('m.id');
    await writeTombstones(trx, 'protocol', expiredProtocols(trx, organization.id, cutoff), 'p.id', protocolCount, organization.id, now);
    await writeTombstones(trx, 'minorTreatment', expiredMinorTreatments(trx, organization.id, cutoff), 'm.id', minorCount, organization.id, now);
    // What no foreign key takes along: replaced values of concurrent edits, a minor treatment's
    // change history, access-log entries naming the protocol (normally gone after 90 days already).
    await trx.deleteFrom('fieldRevisions').where('entity', 'in', ['protocol', 'patientData']).where('entityId', 'in', protocols()).execute();
    await trx.deleteFrom('fieldRevisions').where('entity', '=', 'minorTreatment').where('entityId', 'in', minor()).execute();
    await trx.deleteFrom('recordRevisions').where('entity', '=', 'minorTreatment').where('entityId', 'in', minor()).execute();
    await trx.deleteFrom('accessLogs').where('patientProtocolId', 'in', protocols()).execute();
    // The rest cascades (migrations): patient data and its sealed copy, vital signs, treatment
    // entries, the change history and its sealed envelope.
    await trx.deleteFrom('minorTreatments').where('id', 'in', minor()).execute();
    await trx.deleteFrom('patientProtocols').where('id', 'in', protocols()).execute();
    return protocolCount + minorCount;
  });
}

/** The daily job (plugins/jobs.ts): every organisation's expired sealed records. `now` is injectable for tests. */
export async function purgeExpiredRecords(db: Db, now: string = nowIso()): Promise<number> {
  const organizations = await db.selectFrom('organizations').select(['id', 'retentionYears']).orderBy('id').execute();
  let deleted = 0;
  for (const organization of organizations) deleted += await purgeOrganization(db, organization, now);
  return deleted;
}
