import type { ManvAlgorithm, ManvCategory, ManvPerson, ManvQualification, ManvTransport } from '@sanidok/schema';
import { mayLeadManv, nextManvPhase, normalizeTagNumber, syncMutations } from '@sanidok/schema';
import type { LocalManvIncident, LocalManvPatient, SaniDokDb } from '../db';
import { activeDatabase } from '../db';
import { writeMutation } from '../outbox';
import { uuidv7 } from '../uuid';
import { LocalWriteError, requireCaptureService, requireWritableService } from './services';

/**
 * MANV writes on the device (docs/manv.md): the local rules mirror the server's
 * (domain/manv/access.ts) before anything is queued. Triage events are only ever added.
 */

async function requireLead(tx: SaniDokDb, serviceId: string): Promise<void> {
  const service = await requireWritableService(tx, serviceId);
  const organization = await tx.organizations.get(service.organizationId);
  if (!organization || !mayLeadManv(organization.role)) throw new LocalWriteError('manvNotAllowed');
}

async function requireIncident(tx: SaniDokDb, id: string): Promise<LocalManvIncident> {
  const incident = await tx.manvIncidents.get(id);
  if (!incident) throw new LocalWriteError('manvIncidentNotFound');
  return incident;
}

async function requirePatient(tx: SaniDokDb, id: string): Promise<LocalManvPatient> {
  const patient = await tx.manvPatients.get(id);
  if (!patient) throw new LocalWriteError('manvPatientNotFound');
  await requireCaptureService(tx, patient.serviceId);
  return patient;
}

export interface IncidentInput {
  name: string;
  startedAt: string;
  blueEnabled: boolean;
}

export async function openManvIncident(serviceId: string, input: IncidentInput): Promise<string> {
  const args = syncMutations['manvIncident.open'].schema.parse({ ...input, serviceId, id: uuidv7() });
  await writeMutation(activeDatabase(), 'manvIncident.open', async (tx) => {
    await requireLead(tx, serviceId);
    await requireCaptureService(tx, serviceId);
    return args;
  });
  return args.id;
}

export async function updateManvIncident(id: string, changes: { name?: string; blueEnabled?: boolean; endedAt?: string | null }): Promise<void> {
  const args = syncMutations['manvIncident.update'].schema.parse({ ...changes, id });
  await writeMutation(activeDatabase(), 'manvIncident.update', async (tx) => {
    await requireLead(tx, (await requireIncident(tx, id)).serviceId);
    return args;
  });
}

/** The active row of a tag number in an incident, if this device holds one. */
export async function findManvTag(db: SaniDokDb, incidentId: string, tagNumber: string): Promise<LocalManvPatient | undefined> {
  const rows = await db.manvPatients.where('[incidentId+tagNumber]').equals([incidentId, normalizeTagNumber(tagNumber)]).toArray();
  return rows.find((row) => row.duplicateOf === null) ?? rows[0];
}

export interface TriageChoice {
  category: ManvCategory;
  algorithm: ManvAlgorithm;
  qualification: ManvQualification;
}

export interface RegisterInput {
  incidentId: string;
  tagNumber: string;
  treatmentArea?: string | null;
  person?: Partial<ManvPerson>;
  triage?: TriageChoice;
}

/** SK IV only where the lead switched it on (the server takes it anyway from a tablet that did not know). */
function assertCategoryOffered(incident: LocalManvIncident, category: ManvCategory): void {
  if (category === 'sk4' && !incident.blueEnabled) throw new LocalWriteError('manvBlueDisabled');
}

/** A new tag with its first triage. A number this device already holds opens that tag instead (the caller asks findManvTag first). */
export async function registerManvTag(input: RegisterInput): Promise<string> {
  const now = new Date().toISOString();
  const triage = input.triage && { id: uuidv7(), ...input.triage, phase: nextManvPhase(input.triage.qualification, []), triagedAt: now };
  const args = syncMutations['manvPatient.register'].schema.parse({
    id: uuidv7(), incidentId: input.incidentId, tagNumber: input.tagNumber, createdAt: now, treatmentArea: input.treatmentArea ?? null, person: input.person, triage,
  });
  await writeMutation(activeDatabase(), 'manvPatient.register', async (tx) => {
    const incident = await requireIncident(tx, input.incidentId);
    await requireCaptureService(tx, incident.serviceId);
    if (args.triage) assertCategoryOffered(incident, args.triage.category);
    if (await findManvTag(tx, incident.id, args.tagNumber)) throw new LocalWriteError('manvTagExists');
    return args;
  });
  return args.id;
}

/** One more triage event; its phase follows from the tag's history (nextManvPhase). */
export async function recordManvTriage(patientId: string, choice: TriageChoice): Promise<void> {
  await writeMutation(activeDatabase(), 'manvTriage.record', async (tx) => {
    const patient = await requirePatient(tx, patientId);
    assertCategoryOffered(await requireIncident(tx, patient.incidentId), choice.category);
    const earlier = await tx.manvTriages.where('patientId').equals(patientId).toArray();
    return syncMutations['manvTriage.record'].schema.parse({
      id: uuidv7(), patientId, ...choice, phase: nextManvPhase(choice.qualification, earlier), triagedAt: new Date().toISOString(),
    });
  });
}

export async function recordManvTransport(patientId: string, transport: ManvTransport): Promise<void> {
  const args = syncMutations['manvTransport.record'].schema.parse({ ...transport, patientId });
  await writeMutation(activeDatabase(), 'manvTransport.record', async (tx) => {
    await requirePatient(tx, patientId);
    return args;
  });
}

export interface PatientChanges {
  tagNumber?: string;
  treatmentArea?: string | null;
  person?: Partial<ManvPerson>;
  duplicateOf?: string | null;
  protocolId?: string | null;
}

/** Person data, a new tag number or a merge (tag conflict), the protocol link. */
export async function updateManvPatient(id: string, changes: PatientChanges): Promise<void> {
  const args = syncMutations['manvPatient.update'].schema.parse({ ...changes, id });
  await writeMutation(activeDatabase(), 'manvPatient.update', async (tx) => {
    await requirePatient(tx, id);
    if (args.duplicateOf) await requirePatient(tx, args.duplicateOf);
    return args;
  });
}
