import type {
  DiaryEntry, ManvIncident, ManvPatient, ManvTriage, Material, MaterialUsage, MinorTreatment, MinorTreatmentTemplate, OrganizationListItem, PatientProtocol, ProtocolPatientData, Service, ServiceTeamMember,
  SyncedRecordRevision, TreatmentEntry, VitalRecord,
} from '@sanidok/schema';
import { Dexie } from 'dexie';
import type { Table } from 'dexie';
import type { DeviceKeyring } from '@sanidok/crypto/device';
import { DeviceCrypto } from './crypto/deviceCrypto';
import { encryptionMiddleware } from './crypto/middleware';
import { uuidv7 } from './uuid';

/**
 * The device's local database (docs/sync-protocol.md). One IndexedDB database per user,
 * `sanidok-<userId>`: a shared tablet never mixes two users' data, and each user's outbox waits for
 * that user. Capture screens read and write only here; the sync engine moves data.
 */

export type PersistenceState = 'granted' | 'denied' | 'unsupported';

/** Typed key/value rows of the `meta` table. */
export interface MetaValues {
  /** Made once per database (so per install and user); the server binds it to the user. */
  deviceId: string;
  /** Last seq handed out; gapless, incremented in the transaction that writes the outbox row. */
  seq: number;
  /** Opaque pull cursor of the server; absent = pull everything. */
  cursor: string;
  /** Entities the device stored when it kept `cursor`; a version storing more pulls all again. */
  cursorEntities: string[];
  /** Time of the last sync cycle that pushed and pulled without error. */
  lastSyncAt: string;
  /** Answer of navigator.storage.persist(), asked once per database. */
  persistence: PersistenceState;
  /**
   * Services whose patient-identifying data this device may hold, as the last pull said
   * (PullResponse.patientDataServices); everything else is purged (sync/purgeScope.ts).
   */
  patientDataServices: string[];
  /** Services whose clinical part this device may still hold; the others' was purged (sync/purgeClinical.ts). */
  clinicalScope: string[];
  /** The wrapped data key and device key pair; public parts only in clear. */
  keyring: DeviceKeyring;
  /** The server's public sealing key (base64url), fetched by the engine; outbox args are sealed to it. */
  serverSealKey: string;
  /** Every stored row's secrets are encrypted (rows stored in clear by older app versions were rewritten once). */
  plaintextMigrated: boolean;
  /** A pull ran while locked: pending mutations are put back on top at the next unlock. */
  reapplyOnUnlock: boolean;
  /** Rejected creates to undo at the next unlock (their args are ciphertext while locked). */
  deferredReverts: number[];
  /** Rows were sealed to the device while locked: re-encrypted under the data key at unlock. */
  sealedWhileLocked: boolean;
  /**
   * `<deviceId> <public key>` the server has registered (sync/deviceKeyRegistration.ts): pulls
   * seal patient data to that key. Another value (a new device id or keyring) registers again.
   */
  registeredDeviceKey: string;
}
export type MetaKey = keyof MetaValues;
export interface MetaRow {
  key: MetaKey;
  value: MetaValues[MetaKey];
}

export type OutboxStatus = 'pending' | 'rejected';

export interface OutboxRow {
  seq: number;
  mutationId: string;
  name: string;
  args: unknown;
  /** Device time of the local write (informational; never a key or cursor). */
  createdAt: string;
  /** The entity the mutation changes: pending flags and re-apply after pull look it up. */
  entityId: string;
  /** 'pending' until the server settles it; rejected rows stay for the user to see. */
  status: OutboxStatus;
  message?: string;
  code?: string;
  rejectedAt?: string;
  /** `args` sealed to the server's key at write time: a locked device pushes this copy. */
  sealedArgs?: string;
}

/** Materials keep soft-deleted entries so recorded usage can still name them. */
export type LocalMaterial = Material & { deletedAt: string | null };
export type LocalService = Service;
export type LocalOrganization = OrganizationListItem;
/** A Bagatelle as the list shows it; rows made here carry the device's view until pull replaces them. */
export type LocalMinorTreatment = MinorTreatment;
/** One consumption row; `refilledAt` null = still open in the Materialverbrauch list. */
export type LocalMaterialUsage = MaterialUsage;
/**
 * A protocol's clinical part. Made on this device it carries serviceProtocolNumber 0 until the
 * server assigns the number (shown as 'Protokoll (vorläufig)').
 */
export type LocalProtocol = PatientProtocol;
/**
 * Patient data of an active protocol, apart from the clinical row as on the server. `version` 0 =
 * made or changed here and not yet pulled back. Dropped when the server confirms a discharge.
 */
export type LocalPatientData = ProtocolPatientData;
export type LocalVitalRecord = VitalRecord;
export type LocalTreatmentEntry = TreatmentEntry;
/** One member of a service's team, keyed by the sync id `${serviceId}:${userId}` (serviceTeamMemberId). */
export type LocalServiceTeamMember = ServiceTeamMember & { id: string };
/** A manual entry of a service's diary; made here, it shows this device's user as author until the pull. */
export type LocalDiaryEntry = DiaryEntry;
/** A treatment template of an organisation, offered as a chip in the minor-treatment dialog. */
export type LocalTreatmentTemplate = MinorTreatmentTemplate;
/** MANV: an incident of a service; tags with person data (encrypted at rest) and their append-only triage events. */
export type LocalManvIncident = ManvIncident;
export type LocalManvPatient = ManvPatient;
export type LocalManvTriage = ManvTriage;
/**
 * One revision of an open protocol's history (sync entity `recordRevision`): the "Änderungsverlauf"
 * and the conflict review read these, offline too. Values encrypted at rest (data/crypto/secretFields.ts).
 * `pending`: written here by an edit the outbox still holds (data/recordRevisions.ts, id `local:…`),
 * until the server's own revision of it arrives.
 */
export type LocalRecordRevision = SyncedRecordRevision & { pending?: true };
/**
 * What a capture form holds and has not saved yet (data/drafts): kept on the device, encrypted like
 * records, until saved or discarded. `id` names the form and its record ('protocol:<id>').
 */
export interface LocalDraft {
  id: string;
  /** The record the draft changes; absent for a new one. */
  recordId?: string;
  values: unknown;
  savedAt: string;
}

export class SaniDokDb extends Dexie {
  // `declare`: Dexie creates the table properties in version().stores(); a class field would
  // overwrite them with undefined (useDefineForClassFields).
  declare meta: Table<MetaRow, MetaKey>;
  declare outbox: Table<OutboxRow, number>;
  declare organizations: Table<LocalOrganization, number>;
  declare materials: Table<LocalMaterial, number>;
  declare services: Table<LocalService, string>;
  declare minorTreatments: Table<LocalMinorTreatment, string>;
  declare materialUsage: Table<LocalMaterialUsage, string>;
  declare protocols: Table<LocalProtocol, string>;
  declare patientData: Table<LocalPatientData, string>;
  declare vitalRecords: Table<LocalVitalRecord, string>;
  declare treatmentEntries: Table<LocalTreatmentEntry, string>;
  declare serviceTeamMembers: Table<LocalServiceTeamMember, string>;
  declare treatmentTemplates: Table<LocalTreatmentTemplate, string>;
  declare diaryEntries: Table<LocalDiaryEntry, string>;
  declare manvIncidents: Table<LocalManvIncident, string>;
  declare manvPatients: Table<LocalManvPatient, string>;
  declare manvTriages: Table<LocalManvTriage, string>;
  declare drafts: Table<LocalDraft, string>;
  declare recordRevisions: Table<LocalRecordRevision, string>;

  readonly userId: number;
  /** Key material of this database; locked until the user unlocks (features/lock). */
  readonly crypto = new DeviceCrypto();
  /** Shown as the creator of rows made on this device until the server's copy arrives. */
  userName: string;

  constructor(userId: number, userName = '') {
    super(databaseName(userId));
    this.userId = userId;
    this.userName = userName;
    // Later features add versions; never edit a released version's stores.
    this.version(1).stores({
      meta: 'key',
      outbox: 'seq, &mutationId, status, entityId',
      organizations: 'id',
      materials: 'id, organizationId',
      services: 'id, organizationId, startDate',
    });
    // Minor treatments and material consumption (docs/spec/services.md). New tables only: existing data stays.
    // refilledAt: IndexedDB does not index null, so the index holds only refilled rows.
    this.version(2).stores({
      minorTreatments: 'id, serviceId, createdAt',
      materialUsage: 'id, serviceId, [serviceId+materialId], refilledAt',
    });
    // Patient protocols (docs/spec/services.md): clinical rows, patient data apart, measurements and entries.
    this.version(3).stores({
      protocols: 'id, serviceId, createdAt, organizationId',
      patientData: 'protocolId',
      vitalRecords: 'id, protocolId, organizationId',
      treatmentEntries: 'id, protocolId, organizationId',
    });
    // Service teams. [serviceId+patientName]: IndexedDB leaves a row out of a compound
    // index when one part is null, so this index holds only the treatments that still carry a
    // name, and the purge (sync/purgeScope.ts) reads just those instead of every treatment.
    this.version(4).stores({
      minorTreatments: 'id, serviceId, createdAt, [serviceId+patientName]',
      serviceTeamMembers: 'id, serviceId, userId',
    });
    // Treatment templates: a new table only.
    this.version(5).stores({
      treatmentTemplates: 'id, organizationId',
    });
    // Patient names are encrypted at rest, so no index may hold them; the purge finds
    // named treatments by a clear flag the encryption layer keeps (data/crypto/rowCipher.ts).
    this.version(6).stores({
      minorTreatments: 'id, serviceId, createdAt, [serviceId+named]',
    });
    // MANV mode: new tables only. Tag numbers stay in clear (an index finds a number
    // typed twice); person data is encrypted (crypto/secretFields.ts).
    this.version(7).stores({
      manvIncidents: 'id, serviceId, organizationId',
      manvPatients: 'id, incidentId, serviceId, organizationId, [incidentId+tagNumber]',
      manvTriages: 'id, patientId, incidentId, serviceId, organizationId',
    });
    // The command-post board: manual diary entries (a new table only; the text is
    // encrypted at rest, data/crypto/secretFields.ts). Version 7 is MANV's.
    this.version(8).stores({
      diaryEntries: 'id, serviceId, organizationId',
    });
    // Drafts of capture forms (data/drafts): a new table only; the values are encrypted at rest.
    this.version(9).stores({
      drafts: 'id, recordId',
    });
    // The record history, pulled sealed to the device (docs/decisions.md "The record history travels sealed to the device").
    this.version(10).stores({
      recordRevisions: 'id, protocolId, organizationId',
    });
    // Below Dexie's own layers: everything above sees decrypted rows while unlocked.
    this.use(encryptionMiddleware(this.crypto));
    this.on('populate', (tx) => {
      // Runs once, in the transaction that creates the database: the device identity is born with it.
      return tx.table('meta').bulkAdd([
        { key: 'deviceId', value: uuidv7() },
        { key: 'seq', value: 0 },
      ]);
    });
  }

  async getMeta<K extends MetaKey>(key: K): Promise<MetaValues[K] | undefined> {
    const row = await this.meta.get(key);
    return row?.value as MetaValues[K] | undefined;
  }

  async setMeta<K extends MetaKey>(key: K, value: MetaValues[K]): Promise<void> {
    await this.meta.put({ key, value });
  }
}

export function databaseName(userId: number): string {
  return `sanidok-${userId}`;
}

// The signed-in user's database. Hooks subscribe so that a user switch re-renders every screen.
let active: SaniDokDb | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeDatabase(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentDatabase(): SaniDokDb | null {
  return active;
}

/** The open database; repositories call this, so a write without a signed-in user fails loudly. */
export function activeDatabase(): SaniDokDb {
  if (!active) throw new Error('Keine lokale Datenbank geöffnet (niemand angemeldet).');
  return active;
}

export function openUserDatabase(userId: number, userName = ''): SaniDokDb {
  if (active?.userId === userId) {
    active.userName = userName || active.userName;
    return active;
  }
  closeUserDatabase();
  active = new SaniDokDb(userId, userName);
  emit();
  return active;
}

export function closeUserDatabase(): void {
  if (!active) return;
  active.crypto.lock();
  active.close();
  active = null;
  emit();
}

/** Removes a user's local database entirely (sign-out with nothing left to upload). */
export async function deleteUserDatabase(userId: number): Promise<void> {
  if (active?.userId === userId) closeUserDatabase();
  await Dexie.delete(databaseName(userId));
}
