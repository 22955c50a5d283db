import type { ManvIncident, ManvPatient, ManvPerson, ManvTransport, ManvTriage } from '@sanidok/schema';
import { decryptAtRest, encryptAtRest } from '@sanidok/crypto';
import type { Db } from '../../db/connection';

/**
 * MANV rows as the pull and the commands return them. Person data is one envelope
 * under the server data key, bound to the tag's id (a ciphertext copied to another tag does not
 * decrypt).
 */

export const manvPersonContext = (patientId: string) => `manv_patients:${patientId}`;

const emptyPerson: ManvPerson = { name: null, sex: null, estimatedAge: null, diagnosis: null };

export function encryptManvPerson(dataKey: string, patientId: string, person: ManvPerson): Promise<string | null> {
  if (Object.values(person).every((value) => value === null)) return Promise.resolve(null);
  return encryptAtRest(dataKey, JSON.stringify(person), manvPersonContext(patientId));
}

export async function decryptManvPerson(dataKey: string, patientId: string, envelope: string | null): Promise<ManvPerson> {
  if (envelope === null) return { ...emptyPerson };
  // Written only from the shared schema's output (commands.ts).
  return { ...emptyPerson, ...(JSON.parse(await decryptAtRest(dataKey, envelope, manvPersonContext(patientId))) as Partial<ManvPerson>) };
}

export function manvIncidentsQuery(db: Db) {
  return db.selectFrom('manvIncidents').select(['id', 'serviceId', 'organizationId', 'name', 'startedAt', 'endedAt', 'blueEnabled', 'createdById', 'version']);
}

type IncidentColumns = Awaited<ReturnType<ReturnType<typeof manvIncidentsQuery>['executeTakeFirstOrThrow']>>;

export function toManvIncident(row: IncidentColumns): ManvIncident {
  return {
    id: row.id, serviceId: row.serviceId, organizationId: row.organizationId, name: row.name, startedAt: row.startedAt, endedAt: row.endedAt,
    blueEnabled: row.blueEnabled === 1, createdById: row.createdById,
  };
}

export function manvPatientsQuery(db: Db) {
  return db.selectFrom('manvPatients').select([
    'id', 'incidentId', 'serviceId', 'organizationId', 'tagNumber', 'createdAt', 'createdById', 'treatmentArea', 'personEnc', 'duplicateOf', 'protocolId',
    'transportJson', 'version',
  ]);
}

type PatientColumns = Awaited<ReturnType<ReturnType<typeof manvPatientsQuery>['executeTakeFirstOrThrow']>>;

export async function toManvPatient(dataKey: string, row: PatientColumns): Promise<ManvPatient> {
  const person = await decryptManvPerson(dataKey, row.id, row.personEnc);
  return {
    id: row.id, incidentId: row.incidentId, serviceId: row.serviceId, organizationId: row.organizationId, tagNumber: row.tagNumber,
    createdAt: row.createdAt, createdById: row.createdById, treatmentArea: row.treatmentArea, ...person, duplicateOf: row.duplicateOf,
    protocolId: row.protocolId, transport: row.transportJson === null ? null : (JSON.parse(row.transportJson) as ManvTransport),
  };
}

export function manvTriagesQuery(db: Db) {
  return db.selectFrom('manvTriages as t').leftJoin('users as u', 'u.id', 't.triagedById').select([
    't.id', 't.patientId', 't.incidentId', 't.serviceId', 't.organizationId', 't.category', 't.phase', 't.algorithm', 't.qualification', 't.triagedAt',
    't.triagedById', 'u.fullName', 'u.username', 't.version',
  ]);
}

type TriageColumns = Awaited<ReturnType<ReturnType<typeof manvTriagesQuery>['executeTakeFirstOrThrow']>>;

export function toManvTriage(row: TriageColumns): ManvTriage {
  return {
    id: row.id, patientId: row.patientId, incidentId: row.incidentId, serviceId: row.serviceId, organizationId: row.organizationId,
    category: row.category, phase: row.phase, algorithm: row.algorithm, qualification: row.qualification, triagedAt: row.triagedAt,
    triagedById: row.triagedById, triagedByName: row.fullName ?? row.username ?? null,
  };
}
