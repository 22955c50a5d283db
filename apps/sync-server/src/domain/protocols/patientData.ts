import { decryptAtRest, encryptAtRest } from '@sanidok/crypto';
import type { PatientData, PatientDataKey, PatientDataPatch } from '@sanidok/schema';
import { compactPatientData, parsePatientData, patientDataKeys, protocolMessages } from '@sanidok/schema';
import { insertRow } from '../../db/compiledInsert';
import type { Db } from '../../db/connection';
import type { PatientProtocolRow } from '../../db/database';
import { notFound } from '../errors';
import { planFieldUpdate } from '../fieldUpdate';
import type { RevisionAuthor } from '../recordRevisions';
import { nextVersion } from '../versions';
import { nowIso } from '../time';

/**
 * Patient data of protocols: its own table, AES-256-GCM with the server data key, the protocol id
 * bound as additional data (a ciphertext copied to another protocol does not decrypt).
 */
export const patientDataContext = (protocolId: string) => `protocol_patient_data:${protocolId}`;
// Replaced values of concurrent edits are patient data too: encrypted, bound to protocol and field.
export const revisionContext = (protocolId: string, field: string) => `field_revisions:patientData:${protocolId}:${field}`;

export const encryptPatientData = (dataKey: string, protocolId: string, data: Partial<PatientData>): Promise<string> =>
  encryptAtRest(dataKey, JSON.stringify(compactPatientData(data)), patientDataContext(protocolId));

export async function decryptPatientData(dataKey: string, protocolId: string, envelope: string): Promise<PatientData> {
  return parsePatientData(await decryptAtRest(dataKey, envelope, patientDataContext(protocolId))) as PatientData;
}

export async function insertPatientData(trx: Db, protocol: { id: string; organizationId: number }, dataEnc: string): Promise<void> {
  await insertRow(trx, 'protocolPatientData', {
    protocolId: protocol.id, organizationId: protocol.organizationId, dataEnc, updatedAt: nowIso(), version: await nextVersion(trx), fieldVersions: '{}',
  });
}

/**
 * Changes the keys sent, field by field like the clinical fields (see ../fieldUpdate.ts).
 * Returns whether a concurrent edit was kept as a revision.
 */
export async function updatePatientData(
  trx: Db,
  dataKey: string,
  userId: number,
  protocol: PatientProtocolRow,
  patch: PatientDataPatch,
  baseVersion: number | undefined,
  author: RevisionAuthor,
): Promise<boolean> {
  const row = await trx.selectFrom('protocolPatientData').selectAll().where('protocolId', '=', protocol.id).executeTakeFirst();
  if (!row) throw notFound(protocolMessages.notFound);
  const stored = await decryptPatientData(dataKey, protocol.id, row.dataEnc);
  const current = Object.fromEntries(patientDataKeys.map((key) => [key, stored[key] ?? null])) as Record<PatientDataKey, string | null>;
  const plan = await planFieldUpdate(trx, {
    entity: 'patientData', entityId: protocol.id, userId, editable: patientDataKeys, current, fieldVersions: row.fieldVersions,
    rowVersion: row.version, fields: patch, baseVersion,
    keepValue: async (field, value) => (value === null ? null : encryptAtRest(dataKey, value, revisionContext(protocol.id, field))),
    history: { entity: 'patientData', author },
  });
  if (!plan) return false;
  const dataEnc = await encryptPatientData(dataKey, protocol.id, { ...current, ...plan.patch } as Partial<PatientData>);
  await trx
    .updateTable('protocolPatientData')
    .set({ dataEnc, version: plan.version, fieldVersions: plan.fieldVersions, updatedAt: nowIso() })
    .where('protocolId', '=', protocol.id)
    .execute();
  return plan.conflicted;
}

