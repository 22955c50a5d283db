import type { LocalDraft, SaniDokDb } from '../db';

/**
 * Drafts of capture forms (docs/decisions.md "Drafts survive a lock"): what the medic typed is kept
 * on the device, encrypted under the device data key like any record (data/crypto/secretFields.ts),
 * until it is saved or discarded. One database per user (data/db.ts), so a draft of another user
 * on a shared tablet is never read. Written while locked (the app locks in the middle of typing),
 * it is sealed to the device like every other locked write and opens again at the next unlock.
 */

/** Prefixes a page looks for to open the place whose form holds a draft (features/shared/useValueDraft.ts). */
export const draftPrefixes = {
  manvTag: 'manvTag:',
  richVitals: 'vitals:rich:',
} as const;

/** The names of the forms that keep drafts, each with the record it changes. */
export const draftIds = {
  protocol: (protocolId: string) => `protocol:${protocolId}`,
  /** A new Bagatelle: on /minor-treatments, or on one service's page. */
  minorTreatment: (serviceId?: string) => (serviceId ? `minorTreatment:new:${serviceId}` : 'minorTreatment:new'),
  /** A new protocol: on /patient-protocols, or on one service's page. */
  newProtocol: (serviceId?: string) => (serviceId ? `protocol:new:${serviceId}` : 'protocol:new'),
  /** A measurement of a protocol: the short dialog of the list, the full one of the protocol page. */
  simpleVitals: (protocolId: string) => `vitals:simple:${protocolId}`,
  richVitals: (protocolId: string) => `${draftPrefixes.richVitals}${protocolId}`,
  /** 'Patient entlassen', including a refusal of treatment or transport (an outcome of it). */
  discharge: (protocolId: string) => `discharge:${protocolId}`,
  /** A measure in the medic's own words on the protocol's Behandlung tab, before 'Hinzufügen'. */
  customTreatment: (protocolId: string) => `treatment:custom:${protocolId}`,
  /** An entry of a service's Einsatztagebuch on the board, before it is added. */
  diary: (serviceId: string) => `diary:${serviceId}`,
  /** A new tag at the triage of an incident. */
  manvTriage: (incidentId: string) => `manv:triage:${incidentId}`,
  /** The forms of one tag's detail (re-triage, person, transport): `manvTag:<patientId>:<form>`. */
  manvTag: (patientId: string, form: 'retriage' | 'person' | 'transport') => `${draftPrefixes.manvTag}${patientId}:${form}`,
} as const;

export async function saveDraft(db: SaniDokDb, id: string, values: unknown, recordId?: string): Promise<void> {
  const draft: LocalDraft = { id, values, savedAt: new Date().toISOString(), ...(recordId ? { recordId } : {}) };
  await db.drafts.put(draft);
}

/** The records with a draft whose id starts so; none while locked (the values are sealed then). */
export async function waitingDraftRecords(db: SaniDokDb, prefix: string): Promise<string[]> {
  const drafts = await db.drafts.where('id').startsWith(prefix).toArray();
  return drafts.flatMap((draft) => ('values' in draft && draft.recordId ? [draft.recordId] : []));
}

/** Undefined while locked: the encryption layer then hands out the row without its values. */
export async function loadDraft(db: SaniDokDb, id: string): Promise<LocalDraft | undefined> {
  const draft = await db.drafts.get(id);
  return draft && 'values' in draft ? draft : undefined;
}

export async function discardDraft(db: SaniDokDb, id: string): Promise<void> {
  await db.drafts.delete(id);
}

/** Drafts of one record (all its forms): dropped when the record is gone or closed. */
export async function discardDraftsOf(db: SaniDokDb, recordId: string): Promise<number> {
  return db.drafts.where('recordId').equals(recordId).delete();
}

/**
 * Forms on screen that hold unsaved input right now: the lock screen says their input was kept
 * (features/lock/LockScreen.tsx) only when there is something.
 */
const unsavedForms = new Set<string>();

export function markUnsaved(id: string, unsaved: boolean): void {
  if (unsaved) unsavedForms.add(id);
  else unsavedForms.delete(id);
}

export function hasUnsavedForms(): boolean {
  return unsavedForms.size > 0;
}
