import type { DischargeFormValues, PatientData, PatientDataKey } from '@sanidok/schema';
import type { DischargeSeal } from '@sanidok/crypto';
import { clinicalFieldsOf, dischargeFormSchema, patientDataKeys, protocolClinicalFields, protocolTakesChanges, syncMutations, updateProtocolSchema } from '@sanidok/schema';
import type { LocalOrganization, LocalPatientData, LocalProtocol, LocalTreatmentEntry, LocalVitalRecord, SaniDokDb } from '../db';
import { activeDatabase } from '../db';
import type { MutationArgs } from '../mutationTypes';
import { writeMutation } from '../outbox';
import type { ClinicalValues, PatientDataChanges } from '../protocolMutations';
import { uuidv7 } from '../uuid';
import { holdsClinicalPart } from './serviceTeams';
import { LocalWriteError, requireCaptureService, requireWritableService } from './services';

export type { LocalPatientData, LocalProtocol } from '../db';

/** What the create dialogs hand over: patient data, clinical texts and the chosen materials. */
export interface NewProtocol extends Partial<ClinicalValues> {
  serviceId: string;
  patientData: Partial<Record<PatientDataKey, string | null | undefined>>;
  materials?: readonly { id: number; quantity: number }[];
}

/** What the edit page saves: any clinical field, the patient data as shown, materials to add. */
export interface ProtocolChanges extends Partial<ClinicalValues> {
  patientData?: Partial<Record<PatientDataKey, string | null | undefined>>;
  materials?: readonly { id: number; quantity: number }[];
}

/** Everything a protocol screen shows, read in one go from the device. */
export interface ProtocolView {
  protocol: LocalProtocol;
  /** null once the server confirmed the discharge (the data went to the archive) or never arrived. */
  patientData: PatientData | null;
  patientDataVersion: number | null;
  /** Oldest first. */
  vitals: LocalVitalRecord[];
  /** In the order they were made. */
  entries: LocalTreatmentEntry[];
}

// ---- Reads (hooks wrap these in useLiveQuery) ----

/** Every protocol on the device, newest first (the /patient-protocols list). */
export async function listProtocols(db: SaniDokDb): Promise<LocalProtocol[]> {
  return (await db.protocols.orderBy('createdAt').toArray()).reverse();
}

export async function listServiceProtocols(db: SaniDokDb, serviceId: string): Promise<LocalProtocol[]> {
  return (await db.protocols.where('serviceId').equals(serviceId).sortBy('createdAt')).reverse();
}

/** Patient data of the given protocols (the list shows names), keyed by protocol id. */
export async function patientDataOf(db: SaniDokDb, protocolIds: readonly string[]): Promise<Map<string, PatientData>> {
  const rows = await db.patientData.bulkGet([...protocolIds]);
  return new Map(rows.filter((r): r is LocalPatientData => r !== undefined).map((r) => [r.protocolId, r.patientData]));
}

export async function getProtocolView(db: SaniDokDb, id: string): Promise<ProtocolView | null> {
  const [protocol, stored, vitals, entries] = await Promise.all([
    db.protocols.get(id),
    db.patientData.get(id),
    db.vitalRecords.where('protocolId').equals(id).toArray(),
    db.treatmentEntries.where('protocolId').equals(id).toArray(),
  ]);
  if (!protocol) return null;
  return { protocol, patientData: stored?.patientData ?? null, patientDataVersion: stored?.version ?? null, ...inRecordedOrder(vitals, entries) };
}

/** Measurements oldest first, entries in the order they were made (ties by id): the order every screen and print reads. */
export function inRecordedOrder(vitals: readonly LocalVitalRecord[], entries: readonly LocalTreatmentEntry[]): Pick<ProtocolView, 'vitals' | 'entries'> {
  return {
    vitals: [...vitals].sort((a, b) => (a.recordedAt === b.recordedAt ? a.id.localeCompare(b.id) : a.recordedAt.localeCompare(b.recordedAt))),
    entries: [...entries].sort((a, b) => (a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt))),
  };
}

/**
 * Refuses on the device what the server would refuse: an unknown or closed protocol (409 after
 * discharge), or a blocked or archived service: archiving sealed the open protocols' patient data,
 * so the server refuses their edits and their discharge alike (packages/schema protocolTakesChanges).
 */
export async function requireOpenProtocol(db: SaniDokDb, id: string, purpose: 'edit' | 'discharge' = 'edit'): Promise<LocalProtocol> {
  const protocol = await db.protocols.get(id);
  if (!protocol) throw new LocalWriteError('protocolNotFound');
  const service = await db.services.get(protocol.serviceId);
  if (!protocolTakesChanges(protocol.status, service?.status)) throw new LocalWriteError('protocolClosed');
  await (purpose === 'discharge' ? requireWritableService(db, protocol.serviceId) : requireCaptureService(db, protocol.serviceId));
  return protocol;
}

// ---- Writes: row changes and the outbox row in one transaction (see writeMutation) ----

const withUsageIds = (materials: readonly { id: number; quantity: number }[] = []) =>
  materials.map((m) => ({ id: m.id, quantity: m.quantity, usageId: uuidv7() }));

/** Creates a protocol with its patient data and materials, offline or not; returns its id. */
export async function createProtocol(input: NewProtocol): Promise<string> {
  const db = activeDatabase();
  const args = syncMutations['protocol.create'].schema.parse({ ...input, id: uuidv7(), materials: withUsageIds(input.materials), createdAt: new Date().toISOString() });
  await writeMutation(db, 'protocol.create', async (tx) => {
    await requireCaptureService(tx, args.serviceId);
    return args;
  });
  return args.id;
}

function patientDataDiff(current: Partial<PatientData>, next: PatientDataChanges): PatientDataChanges | undefined {
  const changes: PatientDataChanges = {};
  for (const key of patientDataKeys) {
    if (!(key in next) || next[key] === undefined) continue;
    const value = next[key] ?? null;
    if ((current[key] ?? null) !== value) Object.assign(changes, { [key]: value });
  }
  return Object.keys(changes).length ? changes : undefined;
}

/**
 * Saves the edit page: only fields that differ from the stored rows travel, with the versions the
 * medic edited. Returns false when nothing changed (nothing is queued).
 */
export async function updateProtocol(id: string, changes: ProtocolChanges): Promise<boolean> {
  const db = activeDatabase();
  const updatedAt = new Date().toISOString();
  // Validated as a whole here; the materials travel as made (their schema transforms nothing).
  const materials = changes.materials && withUsageIds(changes.materials);
  const parsed = updateProtocolSchema.parse({ ...changes, id, materials, updatedAt });
  const row = await writeMutation(db, 'protocol.update', async (tx) => {
    const protocol = await requireOpenProtocol(tx, id);
    const stored = await tx.patientData.get(id);
    const args: MutationArgs['protocol.update'] = { id, baseVersion: protocol.version, updatedAt };
    let changed = false;
    const withheld: readonly string[] = clinicalFieldsOf('protocol');
    for (const field of protocolClinicalFields) {
      const value = parsed[field];
      if (value === undefined || (protocol[field] ?? null) === value) continue;
      // A withheld clinical part reads empty here: the change would overwrite values nobody on this device saw.
      if (withheld.includes(field) && !(await holdsClinicalPart(tx, protocol.serviceId))) throw new LocalWriteError('clinicalWithheld');
      Object.assign(args, { [field]: value });
      changed = true;
    }
    const patientChanges = parsed.patientData && stored ? patientDataDiff(stored.patientData, parsed.patientData) : undefined;
    if (patientChanges && stored) {
      args.patientData = patientChanges;
      args.patientDataBaseVersion = stored.version;
      changed = true;
    }
    if (materials?.length) {
      args.materials = materials;
      changed = true;
    }
    return changed ? args : null;
  });
  return row !== null;
}

/** 'Angaben geprüft' after a concurrent edit: the notice goes, on every device after sync. */
export async function markProtocolReviewed(id: string): Promise<void> {
  await writeMutation(activeDatabase(), 'protocol.update', async (tx) => {
    const protocol = await requireOpenProtocol(tx, id);
    return protocol.needsReview ? { id, baseVersion: protocol.version, reviewed: true, updatedAt: new Date().toISOString() } : null;
  });
}

/**
 * Seals outside the Dexie transaction: a transaction would commit while awaiting the crypto. The
 * proof (the envelope's ephemeral secret) lets the server check the envelope opens before it drops
 * its own copy (docs/security.md "Sealing at discharge"); it opens this envelope only.
 */
async function sealLocally(organization: LocalOrganization | undefined, protocolId: string, stored: LocalPatientData | undefined): Promise<DischargeSeal | undefined> {
  if (!organization || !stored) return undefined;
  try {
    const { sealPatientDataForDischarge } = await import('@sanidok/crypto');
    return await sealPatientDataForDischarge(organization, protocolId, stored.patientData);
  } catch (error) {
    // Keys that do not match their fingerprint: the server seals its own copy instead (it has the
    // data from the create); the plaintext still does not travel with the discharge.
    console.warn('Versiegeln auf dem Gerät fehlgeschlagen', error);
    return undefined;
  }
}

/**
 * Discharges a protocol (docs/spec/services.md §5). The patient data is sealed here to the organisation's public
 * key, so the plaintext never travels again; the local copy is dropped when the server confirms.
 */
export async function dischargeProtocol(id: string, values: DischargeFormValues): Promise<void> {
  const db = activeDatabase();
  const form = dischargeFormSchema.parse(values);
  const protocol = await requireOpenProtocol(db, id, 'discharge');
  const [organization, stored] = await Promise.all([db.organizations.get(protocol.organizationId), db.patientData.get(id)]);
  const sealed = await sealLocally(organization, id, stored);
  const args: MutationArgs['protocol.discharge'] = { id, ...form, dischargeComment: form.dischargeComment ?? null, dischargedAt: new Date().toISOString() };
  await writeMutation(db, 'protocol.discharge', async (tx) => {
    await requireOpenProtocol(tx, id, 'discharge');
    const current = await tx.patientData.get(id);
    // Sealed from exactly the data still on the device; an edit in between leaves the sealing to the server.
    if (sealed && current && JSON.stringify(current.patientData) === JSON.stringify(stored?.patientData)) {
      args.sealedPatientData = sealed.sealedPatientData;
      args.sealProof = sealed.sealProof;
      if (current.version > 0) args.patientDataVersion = current.version;
    }
    return args;
  });
}
