import type { RecordRevisionEntity } from '@sanidok/schema';
import type { AutoId, CreatedAt, EncryptedText, IsoTimestamp, JsonText } from '../columns';

/** One change of a record (domain/recordHistory/): values under the server data key until discharge seals them. */
export interface RecordRevisionsTable {
  id: AutoId;
  organizationId: number;
  /** Null for a minor treatment (it belongs to a service, not to a protocol). */
  protocolId: string | null;
  entity: RecordRevisionEntity;
  entityId: string;
  field: string;
  oldValue: EncryptedText | null;
  newValue: EncryptedText | null;
  userId: number | null;
  deviceId: string | null;
  /** Device time of the change. */
  changedAt: IsoTimestamp;
  /** The server's version of the write (domain/versions.ts): the history's order. */
  sequence: number;
  /** Its own version of the change counter: the pull's cursor (migration 2026-11-28_040). */
  version: number;
  createdAt: CreatedAt;
}

/** A discharged protocol's history, sealed to the organisation key; the server cannot open it. */
export interface SealedRecordHistoriesTable {
  protocolId: string;
  organizationId: number;
  keyFingerprint: string;
  /** HPKE envelope (packages/schema sealedEnvelope), JSON. */
  envelope: JsonText;
  sealedAt: IsoTimestamp;
}

/** The "irrtümlich" mark of a vital-sign record, treatment entry or minor treatment. */
export interface EnteredInErrorColumns {
  enteredInErrorAt: IsoTimestamp | null;
  enteredInErrorReason: string | null;
  enteredInErrorById: number | null;
}

export interface RecordHistoryTables {
  recordRevisions: RecordRevisionsTable;
  sealedRecordHistories: SealedRecordHistoriesTable;
}
