import type { SyncChange } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import { toMinorTreatments, treatmentsQuery } from '../minorTreatments/queries';
import { decryptPatientData } from '../protocols/patientData';
import { protocolsQuery, toProtocol } from '../protocols/queries';
import { treatmentEntriesQuery } from '../protocols/treatmentEntries';
import { toVitalRecords, vitalRecordsQuery } from '../protocols/vitals';
import { servicesQuery, toService } from '../services/queries';

/** Reads the changes of one entity type of one organisation after `from`, lowest versions first. */
export type SyncSource = (db: Db, organizationId: number, from: number, limit: number, dataKey: string) => Promise<SyncChange[]>;

const services: SyncSource = async (db, organizationId, from, limit) => {
  const rows = await servicesQuery(db).where('s.organizationId', '=', organizationId).where('s.version', '>', from).orderBy('s.version').limit(limit).execute();
  return rows.map((row) => ({ entity: 'service', op: 'upsert', id: row.id, organizationId, version: row.version, data: toService(row) }));
};

const materials: SyncSource = async (db, organizationId, from, limit) => {
  const rows = await db.selectFrom('materials').select(['id', 'name', 'unit', 'organizationId', 'deletedAt', 'version'])
    .where('organizationId', '=', organizationId).where('version', '>', from).orderBy('version').limit(limit).execute();
  return rows.map(({ version, ...data }) => ({ entity: 'material', op: 'upsert', id: String(data.id), organizationId, version, data }));
};

const minorTreatments: SyncSource = async (db, organizationId, from, limit, dataKey) => {
  const rows = await treatmentsQuery(db).where('t.organizationId', '=', organizationId).where('t.version', '>', from).orderBy('t.version').limit(limit).execute();
  return (await toMinorTreatments(db, dataKey, rows)).map(({ version, ...data }) => ({ entity: 'minorTreatment', op: 'upsert', id: data.id, organizationId, version, data }));
};

const materialUsage: SyncSource = async (db, organizationId, from, limit) => {
  const rows = await db.selectFrom('materialUsage')
    .select(['id', 'materialId', 'quantity', 'serviceId', 'organizationId', 'source', 'sourceId', 'usedAt', 'refilledAt', 'version'])
    .where('organizationId', '=', organizationId).where('version', '>', from).orderBy('version').limit(limit).execute();
  return rows.map(({ version, ...data }) => ({ entity: 'materialUsage', op: 'upsert', id: data.id, organizationId, version, data }));
};

const protocols: SyncSource = async (db, organizationId, from, limit) => {
  const rows = await protocolsQuery(db).where('p.organizationId', '=', organizationId).where('p.version', '>', from).orderBy('p.version').limit(limit).execute();
  return rows.map((row) => ({ entity: 'protocol', op: 'upsert', id: row.id, organizationId, version: row.version, data: toProtocol(row) }));
};

// Only open protocols' patient data travels; a discharge sends a 'patientData' delete (tombstone).
const patientData: SyncSource = async (db, organizationId, from, limit, dataKey) => {
  const rows = await db.selectFrom('protocolPatientData as d').innerJoin('patientProtocols as p', 'p.id', 'd.protocolId')
    .select(['d.protocolId', 'd.dataEnc', 'd.version'])
    .where('d.organizationId', '=', organizationId).where('p.status', '=', 'active').where('d.version', '>', from).orderBy('d.version').limit(limit).execute();
  return Promise.all(rows.map(async (row) => ({
    entity: 'patientData' as const, op: 'upsert' as const, id: row.protocolId, organizationId, version: row.version,
    data: { protocolId: row.protocolId, patientData: await decryptPatientData(dataKey, row.protocolId, row.dataEnc), version: row.version },
  })));
};

const vitalRecords: SyncSource = async (db, organizationId, from, limit) => {
  const rows = await vitalRecordsQuery(db).where('organizationId', '=', organizationId).where('version', '>', from).orderBy('version').limit(limit).execute();
  return (await toVitalRecords(db, rows)).map(({ version, ...data }) => ({ entity: 'vitalRecord', op: 'upsert', id: data.id, organizationId, version, data }));
};

const treatmentEntries: SyncSource = async (db, organizationId, from, limit) => {
  const rows = await treatmentEntriesQuery(db).where('organizationId', '=', organizationId).where('version', '>', from).orderBy('version').limit(limit).execute();
  return rows.map(({ version, ...data }) => ({ entity: 'treatmentEntry', op: 'upsert', id: data.id, organizationId, version, data }));
};

const tombstones: SyncSource = async (db, organizationId, from, limit) => {
  const rows = await db.selectFrom('syncTombstones').selectAll().where('organizationId', '=', organizationId).where('version', '>', from).orderBy('version').limit(limit).execute();
  return rows.map((t) => ({ entity: t.entity as SyncChange['entity'], op: 'delete', id: t.entityId, organizationId, version: t.version }));
};

/** Every synced table; a new entity type adds its source here (and its data type in packages/schema). */
export const syncSources: readonly SyncSource[] = [
  services, materials, minorTreatments, materialUsage, protocols, patientData, vitalRecords, treatmentEntries, tombstones,
];
