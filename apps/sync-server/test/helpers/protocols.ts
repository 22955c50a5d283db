import { randomUUID } from 'node:crypto';
import type { PatientData, RecordRevision } from '@sanidok/schema';
import type { FastifyInstance } from 'fastify';
import { decryptPatientData } from '../../src/domain/protocols/patientData';
import { loadProtocol } from '../../src/domain/protocols/queries';
import { toVitalRecords, vitalRecordsQuery } from '../../src/domain/protocols/vitals';
import { historyRows, openHistory } from '../../src/domain/recordHistory/rows';
import type { Client } from './testApp';

/** A valid create payload for the protocol dialog; the patient is Jürgen Müller by default. */
export function protocolPayload(serviceId: string, overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    serviceId,
    patientData: { firstName: 'Jürgen', lastName: 'Müller', dateOfBirth: '1980-04-12', gender: 'männlich', address: 'Hauptstraße 5, 12345 Musterstadt' },
    chiefComplaint: 'Synkope nach längerem Stehen',
    initialAssessment: 'Wach, orientiert, blass',
    allergies: 'Penicillin',
    ...overrides,
  };
}

export interface CreatedProtocol {
  protocol: { id: string; version: number; serviceProtocolNumber: number; status: string };
  patientData: Record<string, string> | null;
}

export async function createProtocolVia(client: Client, serviceId: string, overrides: Record<string, unknown> = {}): Promise<CreatedProtocol> {
  const response = await client.post('/api/patient-protocols', protocolPayload(serviceId, overrides));
  if (response.statusCode !== 201) throw new Error(`Protokoll nicht angelegt: ${response.body}`);
  return response.json();
}

export const dischargePayload = { dischargeStatus: 'stabil', dischargeOutcome: 'released', dischargeDestination: 'Nach Hause', handoverTo: 'Ehefrau', dischargeComment: 'Beschwerdefrei' };

export { databaseText } from './databaseContent';

/** Counts of every protocol table: "nothing written" checks. */
export async function protocolCounts(app: FastifyInstance) {
  const count = async (table: 'patientProtocols' | 'protocolPatientData' | 'vitalSignRecords' | 'vitalSignValues' | 'treatmentEntries' | 'materialUsage' | 'accessLogs') =>
    (await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  return {
    protocols: await count('patientProtocols'), patientData: await count('protocolPatientData'), vitals: await count('vitalSignRecords'),
    values: await count('vitalSignValues'), entries: await count('treatmentEntries'), usage: await count('materialUsage'), accessLogs: await count('accessLogs'),
  };
}

/**
 * The patient data the server holds for a protocol (null once discharged), opened with its data
 * key: REST answers none to anyone (docs/security.md "Patient data needs the unlocked device").
 */
/**
 * The whole stored history of an open protocol, patient-data revisions included, as the server
 * keeps it (REST answers it without them: docs/security.md "Patient data needs the unlocked device").
 */
export async function storedHistory(app: FastifyInstance, protocolId: string): Promise<RecordRevision[]> {
  return openHistory(app.config.dataKey, await historyRows(app.db, protocolId));
}

export async function storedPatientData(app: FastifyInstance, protocolId: string): Promise<PatientData | null> {
  const row = await app.db.selectFrom('protocolPatientData').select('dataEnc').where('protocolId', '=', protocolId).executeTakeFirst();
  return row ? decryptPatientData(app.config.dataKey, protocolId, row.dataEnc) : null;
}

/**
 * A protocol with its clinical part as the server stores it: REST answers that part to no one
 * (docs/security.md "Clinical data follows the team"), so tests of what was written read it here.
 */
export function storedProtocol(app: FastifyInstance, protocolId: string) {
  return loadProtocol(app.db, protocolId);
}

/** One measurement with its values as the server stores them (REST answers the values to no one). */
export async function storedVitals(app: FastifyInstance, id: string) {
  const [record] = await toVitalRecords(app.db, [await vitalRecordsQuery(app.db).where('id', '=', id).executeTakeFirstOrThrow()]);
  if (!record) throw new Error(`Messung ${id} nicht gespeichert`);
  return record;
}
