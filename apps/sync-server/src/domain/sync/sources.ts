import type { OrganizationRole, SyncChange } from '@sanidok/schema';
import { CompiledQuery, sql } from 'kysely';
import { compiledSelect } from '../../db/compiledSelect';
import type { Db } from '../../db/connection';
import { diaryEntriesQuery, toDiaryEntry } from '../diary/queries';
import { isPostgres, placeholders } from '../../db/dialect';
import { manvIncidentsQuery, manvPatientsQuery, manvTriagesQuery, toManvIncident, toManvPatient, toManvTriage } from '../manv/queries';
import { toMinorTreatments, treatmentsQuery } from '../minorTreatments/queries';
import type { PageSealer } from '../deviceKeys/pageSealer';
import { decryptPatientData } from '../protocols/patientData';
import { protocolsQuery, toProtocol } from '../protocols/queries';
import { toTreatmentEntry, treatmentEntriesQuery } from '../protocols/treatmentEntries';
import { toVitalRecords, vitalRecordsQuery } from '../protocols/vitals';
import type { TeamScope } from '../serviceTeams/queries';
import { templatesQuery, toTemplate } from '../treatmentTemplates/queries';
import { preparedSources } from './preparedSources';
import { recordRevisions } from './recordRevisionSource';
import { clinicalChange, inScope, sealedChange, servicesOfProtocols } from './sealedChanges';

/**
 * Who pulls, once per pull: the data key, the reader's role in the organisation and the team
 * scope (docs/security.md "Patient data follows the team"). `patientDataJson` is the scope's
 * service ids as one JSON array, bound into the patient-data select.
 */
export interface PullReader {
  userId: number;
  dataKey: string;
  role: OrganizationRole;
  scope: TeamScope;
  patientDataJson: string;
  /**
   * The pulling device's sealer (its registered key): patient-identifying fields travel only
   * sealed to it. Null for a pull without a registered device, whose scope is then empty
   * (./pull.ts, docs/security.md "Patient data needs the unlocked device").
   */
  sealer: PageSealer | null;
}

/** Reads the changes of one entity type of one organisation in `(from, upTo]`, lowest versions first. */
type ReadChanges = (db: Db, organizationId: number, range: PullRange, reader: PullReader) => Promise<SyncChange[]>;

/** The versions a page reads (./window.ts); `limit` only guards, the window already bounds the rows. */
export interface PullRange {
  from: number;
  upTo: number;
  limit: number;
}

export interface SyncSource {
  /** Its table (SQL name), indexed on (organization_id, version): see `hasChangesSince`. */
  table: string;
  read: ReadChanges;
}

/** The window every source reads: one organisation's rows after a version, at most `limit`. */
export interface Window extends Record<string, unknown> {
  organizationId: number;
  from: number;
  upTo: number;
  limit: number;
}

/** The patient-data window adds the services the reader may hold (a JSON array of ids). */
export interface ScopedWindow extends Window {
  services: string;
}

// Each source's select is built and compiled once (db/compiledSelect.ts); a pull binds only the
// window. A device pulls every 5 s, mostly finding nothing: building ten queries per request
// cost more than running them.
const materialsSince = compiledSelect((db, w: Window) =>
  db.selectFrom('materials').select(['id', 'name', 'unit', 'organizationId', 'unitPriceCents', 'deletedAt', 'version'])
    .where('organizationId', '=', w.organizationId).where('version', '>', w.from).where('version', '<=', w.upTo).orderBy('version').limit(w.limit));
const minorTreatmentsSince = compiledSelect((db, w: Window) =>
  treatmentsQuery(db).where('t.organizationId', '=', w.organizationId).where('t.version', '>', w.from).where('t.version', '<=', w.upTo).orderBy('t.version').limit(w.limit));
const materialUsageSince = compiledSelect((db, w: Window) =>
  db.selectFrom('materialUsage')
    .select(['id', 'materialId', 'quantity', 'serviceId', 'organizationId', 'source', 'sourceId', 'usedAt', 'refilledAt', 'version'])
    .where('organizationId', '=', w.organizationId).where('version', '>', w.from).where('version', '<=', w.upTo).orderBy('version').limit(w.limit));
const protocolsSince = compiledSelect((db, w: Window) =>
  protocolsQuery(db).where('p.organizationId', '=', w.organizationId).where('p.version', '>', w.from).where('p.version', '<=', w.upTo).orderBy('p.version').limit(w.limit));
// Only open protocols' patient data travels, and only of the services in the reader's scope
// (filtered in SQL, before the limit: a page must never skip rows it did not read); a discharge
// sends a 'patientData' delete (tombstone).
const patientDataSince = compiledSelect((db, w: ScopedWindow) =>
  db.selectFrom('protocolPatientData as d').innerJoin('patientProtocols as p', 'p.id', 'd.protocolId')
    .select(['d.protocolId', 'd.dataEnc', 'd.version'])
    .where('d.organizationId', '=', w.organizationId).where('p.status', '=', 'active').where('d.version', '>', w.from).where('d.version', '<=', w.upTo)
    .where(isPostgres(db)
      ? sql<boolean>`p.service_id in (select jsonb_array_elements_text(cast(${w.services} as jsonb)))`
      : sql<boolean>`p.service_id in (select value from json_each(${w.services}))`)
    .orderBy('d.version').limit(w.limit));
const vitalRecordsSince = compiledSelect((db, w: Window) =>
  vitalRecordsQuery(db).where('organizationId', '=', w.organizationId).where('version', '>', w.from).where('version', '<=', w.upTo).orderBy('version').limit(w.limit));
const treatmentEntriesSince = compiledSelect((db, w: Window) =>
  treatmentEntriesQuery(db).where('organizationId', '=', w.organizationId).where('version', '>', w.from).where('version', '<=', w.upTo).orderBy('version').limit(w.limit));
const templatesSince = compiledSelect((db, w: Window) =>
  templatesQuery(db).where('organizationId', '=', w.organizationId).where('version', '>', w.from).where('version', '<=', w.upTo).orderBy('version').limit(w.limit));
const diaryEntriesSince = compiledSelect((db, w: Window) =>
  diaryEntriesQuery(db).where('d.organizationId', '=', w.organizationId).where('d.version', '>', w.from).where('d.version', '<=', w.upTo).orderBy('d.version').limit(w.limit));
const manvIncidentsSince = compiledSelect((db, w: Window) =>
  manvIncidentsQuery(db).where('organizationId', '=', w.organizationId).where('version', '>', w.from).where('version', '<=', w.upTo).orderBy('version').limit(w.limit));
// MANV tags and triages are patient data: only the services in the reader's scope, filtered in
// SQL before the limit like the protocols' patient data.
const manvPatientsSince = compiledSelect((db, w: ScopedWindow) =>
  manvPatientsQuery(db).where('organizationId', '=', w.organizationId).where('version', '>', w.from).where('version', '<=', w.upTo).where(inScope(db, 'serviceId', w.services))
    .orderBy('version').limit(w.limit));
const manvTriagesSince = compiledSelect((db, w: ScopedWindow) =>
  manvTriagesQuery(db).where('t.organizationId', '=', w.organizationId).where('t.version', '>', w.from).where('t.version', '<=', w.upTo).where(inScope(db, 't.serviceId', w.services))
    .orderBy('t.version').limit(w.limit));
const tombstonesSince = compiledSelect((db, w: Window) =>
  db.selectFrom('syncTombstones').selectAll().where('organizationId', '=', w.organizationId).where('version', '>', w.from).where('version', '<=', w.upTo).orderBy('version').limit(w.limit));

const materials: SyncSource = {
  table: 'materials',
  read: async (db, organizationId, range) => {
    const rows = await materialsSince(db, { organizationId, ...range });
    return rows.map(({ version, ...data }) => ({ entity: 'material', op: 'upsert', id: String(data.id), organizationId, version, data }));
  },
};

const minorTreatments: SyncSource = {
  table: 'minor_treatments',
  read: async (db, organizationId, range, reader) => {
    const rows = await minorTreatmentsSince(db, { organizationId, ...range });
    return Promise.all((await toMinorTreatments(db, reader.dataKey, rows, reader.scope.patientData)).map(async ({ version, ...plain }) => ({
      entity: 'minorTreatment' as const, op: 'upsert' as const, id: plain.id, organizationId, version, ...(await clinicalChange(reader, 'minorTreatment', plain.id, plain.serviceId, plain)),
    })));
  },
};

const materialUsage: SyncSource = {
  table: 'material_usage',
  read: async (db, organizationId, range) => {
    const rows = await materialUsageSince(db, { organizationId, ...range });
    return rows.map(({ version, ...data }) => ({ entity: 'materialUsage', op: 'upsert', id: data.id, organizationId, version, data }));
  },
};

const protocols: SyncSource = {
  table: 'patient_protocols',
  read: async (db, organizationId, range, reader) => {
    const rows = await protocolsSince(db, { organizationId, ...range });
    return Promise.all(rows.map(async (row) => ({
      entity: 'protocol' as const, op: 'upsert' as const, id: row.id, organizationId, version: row.version, ...(await clinicalChange(reader, 'protocol', row.id, row.serviceId, toProtocol(row))),
    })));
  },
};

const patientData: SyncSource = {
  table: 'protocol_patient_data',
  read: async (db, organizationId, range, reader) => {
    if (reader.scope.patientData.size === 0) return [];
    const rows = await patientDataSince(db, { organizationId, ...range, services: reader.patientDataJson });
    return Promise.all(rows.map(async (row) => ({
      entity: 'patientData' as const, op: 'upsert' as const, id: row.protocolId, organizationId, version: row.version,
      ...(await sealedChange(reader, 'patientData', row.protocolId, {
        protocolId: row.protocolId, patientData: await decryptPatientData(reader.dataKey, row.protocolId, row.dataEnc), version: row.version,
      })),
    })));
  },
};

const vitalRecords: SyncSource = {
  table: 'vital_sign_records',
  read: async (db, organizationId, range, reader) => {
    const rows = await vitalRecordsSince(db, { organizationId, ...range });
    const services = await servicesOfProtocols(db, rows.map((row) => row.protocolId));
    return Promise.all((await toVitalRecords(db, rows)).map(async ({ version, ...data }) => ({
      entity: 'vitalRecord' as const, op: 'upsert' as const, id: data.id, organizationId, version,
      ...(await clinicalChange(reader, 'vitalRecord', data.id, services.get(data.protocolId), data)),
    })));
  },
};

const treatmentEntries: SyncSource = {
  table: 'treatment_entries',
  read: async (db, organizationId, range, reader) => {
    const rows = await treatmentEntriesSince(db, { organizationId, ...range });
    const services = await servicesOfProtocols(db, rows.map((row) => row.protocolId));
    return Promise.all(rows.map(toTreatmentEntry).map(async ({ version, ...data }) => ({
      entity: 'treatmentEntry' as const, op: 'upsert' as const, id: data.id, organizationId, version,
      ...(await clinicalChange(reader, 'treatmentEntry', data.id, services.get(data.protocolId), data)),
    })));
  },
};

const treatmentTemplates: SyncSource = {
  table: 'treatment_templates',
  read: async (db, organizationId, range) => {
    const rows = await templatesSince(db, { organizationId, ...range });
    return rows.map((row) => ({ entity: 'treatmentTemplate', op: 'upsert', id: row.id, organizationId, version: row.version, data: toTemplate(row) }));
  },
};

// Every member who sees the service sees its diary (docs/decisions.md "Command-post board"); it is the command post's log, not a protocol's clinical part.
const diaryEntries: SyncSource = {
  table: 'service_diary_entries',
  read: async (db, organizationId, range) => {
    const rows = await diaryEntriesSince(db, { organizationId, ...range });
    return rows.map((row) => ({ entity: 'diaryEntry', op: 'upsert', id: row.id, organizationId, version: row.version, data: toDiaryEntry(row) }));
  },
};

const manvIncidents: SyncSource = {
  table: 'manv_incidents',
  read: async (db, organizationId, range) => {
    const rows = await manvIncidentsSince(db, { organizationId, ...range });
    return rows.map((row) => ({ entity: 'manvIncident', op: 'upsert', id: row.id, organizationId, version: row.version, data: toManvIncident(row) }));
  },
};

const manvPatients: SyncSource = {
  table: 'manv_patients',
  read: async (db, organizationId, range, reader) => {
    if (reader.scope.patientData.size === 0) return [];
    const rows = await manvPatientsSince(db, { organizationId, ...range, services: reader.patientDataJson });
    return Promise.all(rows.map(async (row) => ({
      entity: 'manvPatient' as const, op: 'upsert' as const, id: row.id, organizationId, version: row.version,
      ...(await sealedChange(reader, 'manvPatient', row.id, await toManvPatient(reader.dataKey, row))),
    })));
  },
};

const manvTriages: SyncSource = {
  table: 'manv_triages',
  read: async (db, organizationId, range, reader) => {
    if (reader.scope.patientData.size === 0) return [];
    const rows = await manvTriagesSince(db, { organizationId, ...range, services: reader.patientDataJson });
    return rows.map((row) => ({ entity: 'manvTriage', op: 'upsert', id: row.id, organizationId, version: row.version, data: toManvTriage(row) }));
  },
};

const tombstones: SyncSource = {
  table: 'sync_tombstones',
  read: async (db, organizationId, range) => {
    const rows = await tombstonesSince(db, { organizationId, ...range });
    return rows.map((t) => ({ entity: t.entity as SyncChange['entity'], op: 'delete', id: t.entityId, organizationId, version: t.version }));
  },
};

/**
 * Every synced table read as row objects; a new entity type adds its source here or to
 * ./preparedSources.ts (and its data type in packages/schema).
 */
export const syncSources: readonly SyncSource[] = [
  materials, minorTreatments, materialUsage, protocols, patientData, vitalRecords, treatmentEntries, treatmentTemplates, diaryEntries,
  manvIncidents, manvPatients, manvTriages, recordRevisions, tombstones,
];

// One statement instead of ten selects when nothing changed, the common case of a pull every
// 5 s: an index probe per table. It may say "changed" where a source filters further (open
// protocols, the reader's patient-data scope); then the sources read as before, so the answer is the same either way.
// `case … then 1`: a number on both databases (PostgreSQL would return `exists … or …` as a boolean).
/** The tables of both kinds of source, each indexed on (organization_id, version). */
export const syncTables: readonly string[] = [...preparedSources, ...syncSources].map((source) => source.table);

const probeSql = `select case when ${syncTables.map((table) => `exists (select 1 from ${table} where organization_id = ? and version > ?)`).join(' or ')} then 1 else 0 end as changed`;

/** Whether any source has a row of the organisation after `from`. */
export async function hasChangesSince(db: Db, organizationId: number, from: number): Promise<boolean> {
  const parameters = syncTables.flatMap(() => [organizationId, from]);
  const { rows } = await db.executeQuery<{ changed: number }>(CompiledQuery.raw(isPostgres(db) ? placeholders(probeSql) : probeSql, parameters));
  return rows[0]?.changed === 1;
}
