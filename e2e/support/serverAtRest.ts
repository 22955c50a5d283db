import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decryptAtRest } from '@sanidok/crypto';
import { withDatabase } from './serverDb';

/**
 * What the server holds of patient identity, read as the operator would: from its database, opened
 * with its data key. REST never answers patient identity (a copied session cookie reaches REST;
 * docs/security.md "Patient data needs the unlocked device"), so a test that must prove a name
 * reached the server exactly once reads it here. The contexts below are the server's own
 * (`patientDataContext` in apps/sync-server/src/domain/protocols/patientData.ts, `patientNameContext`
 * in domain/minorTreatments/commands.ts): a wrong one fails to decrypt, so they cannot drift unseen.
 */

/**
 * The DATA_KEY of the server on this SQLite file: without one in its environment the server
 * generates it at its first start into its data folder, the database's folder
 * (apps/sync-server/src/config/loadConfig.ts) — so for the e2e lanes and ./ownServer.ts alike.
 */
function dataKeyBeside(databaseFile: string): string {
  return (JSON.parse(readFileSync(path.join(path.dirname(databaseFile), 'secrets.json'), 'utf8')) as { dataKey: string }).dataKey;
}

/** A protocol's patient data as the server keeps it while the protocol is open. */
export async function openStoredPatientData(dataKey: string, protocolId: string, envelope: string): Promise<{ firstName?: string; lastName?: string }> {
  return JSON.parse(await decryptAtRest(dataKey, envelope, `protocol_patient_data:${protocolId}`)) as { firstName?: string; lastName?: string };
}

/** The patient data rows the lane server holds for a protocol (one while open, none once discharged), opened. */
export async function storedPatientData(file: string, protocolId: string): Promise<{ firstName?: string; lastName?: string }[]> {
  const rows = withDatabase(file, (db) => db.prepare('select data_enc as dataEnc from protocol_patient_data where protocol_id = ?').all(protocolId) as { dataEnc: string }[]);
  const dataKey = dataKeyBeside(file);
  return Promise.all(rows.map((row) => openStoredPatientData(dataKey, protocolId, row.dataEnc)));
}

export interface StoredTreatment {
  id: string;
  patientName: string;
  description: string;
  /** 'name quantity' per material used, sorted. */
  materials: string[];
}

/** Every minor treatment of the service the lane server holds (duplicates included), its name opened. */
export async function storedTreatmentRecords(file: string, serviceId: string): Promise<StoredTreatment[]> {
  const { rows, usage } = withDatabase(file, (db) => ({
    rows: db.prepare('select id, patient_name_enc as nameEnc, description from minor_treatments where service_id = ?').all(serviceId) as { id: string; nameEnc: string; description: string }[],
    usage: db
      .prepare("select u.source_id as sourceId, m.name, u.quantity from material_usage u join materials m on m.id = u.material_id where u.service_id = ? and u.source = 'minor_treatment'")
      .all(serviceId) as { sourceId: string; name: string; quantity: number }[],
  }));
  const dataKey = dataKeyBeside(file);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      patientName: await decryptAtRest(dataKey, row.nameEnc, `minor_treatments:${row.id}`),
      description: row.description,
      materials: usage.filter((u) => u.sourceId === row.id).map((u) => `${u.name} ${u.quantity}`).sort(),
    })),
  );
}

export interface StoredRevision {
  entity: string;
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

/**
 * The record history the lane server holds for an open protocol, in its order, values opened with
 * its data key (context `revisionValueContext` in apps/sync-server/src/domain/recordRevisions.ts).
 * REST answers no history (docs/security.md "Clinical data follows the team").
 */
export async function storedRevisions(file: string, protocolId: string): Promise<StoredRevision[]> {
  const rows = withDatabase(file, (db) =>
    db.prepare('select entity, entity_id as entityId, field, old_value as oldValue, new_value as newValue from record_revisions where protocol_id = ? order by sequence, id').all(protocolId) as
      { entity: string; entityId: string; field: string; oldValue: string | null; newValue: string | null }[]);
  const dataKey = dataKeyBeside(file);
  const open = (row: { entity: string; entityId: string; field: string }, value: string | null) =>
    value === null ? Promise.resolve(null) : decryptAtRest(dataKey, value, `record_revisions:${row.entity}:${row.entityId}:${row.field}`);
  return Promise.all(rows.map(async (row) => ({ entity: row.entity, field: row.field, oldValue: await open(row, row.oldValue), newValue: await open(row, row.newValue) })));
}
