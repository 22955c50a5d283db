import type { AutoId, CreatedAt, IsoTimestamp, MaybeEncryptedText } from '../columns';

export interface SyncStateTable {
  id: number;
  version: number;
}

export interface DevicesTable {
  id: string;
  userId: number;
  lastSeq: number;
  createdAt: CreatedAt;
  lastSeenAt: IsoTimestamp;
  /** Outbox rows the device reported at its last push or pull; null before. */
  pendingCount: number | null;
}

export interface SyncQuarantineTable {
  id: AutoId;
  deviceId: string;
  userId: number | null;
  mutationId: string;
  seq: number;
  name: string;
  /**
   * The refused mutation's args as JSON; of a sensitive mutation only the non-identifying fields
   * (packages/schema `quarantineArgs`). Rows before that may still be encrypted text.
   */
  args: MaybeEncryptedText;
  code: string;
  message: string;
  createdAt: CreatedAt;
}

export interface SyncTombstonesTable {
  entity: string;
  entityId: string;
  organizationId: number;
  version: number;
  deletedAt: IsoTimestamp;
}

export interface FieldRevisionsTable {
  id: AutoId;
  entity: string;
  entityId: string;
  field: string;
  /** The field's text; patient data fields encrypted at rest (domain/protocols/patientData.ts). */
  replacedValue: MaybeEncryptedText | null;
  replacedVersion: number;
  newValue: MaybeEncryptedText | null;
  newVersion: number;
  baseVersion: number;
  userId: number | null;
  createdAt: CreatedAt;
}

/** The change counter, devices, refused mutations, deletions and replaced field values. */
export interface SyncTables {
  syncState: SyncStateTable;
  devices: DevicesTable;
  syncQuarantine: SyncQuarantineTable;
  syncTombstones: SyncTombstonesTable;
  fieldRevisions: FieldRevisionsTable;
}
