import type { SealedBy } from '@sanidok/schema';
import type { CreatedAt, IsoTimestamp, JsonText } from '../columns';

/** Patient data of a discharged protocol, sealed to the organisation key; the server cannot open it. */
export interface SealedPatientDataTable {
  protocolId: string;
  organizationId: number;
  serviceId: string;
  keyFingerprint: string;
  /** HPKE envelope (packages/schema sealedEnvelope), JSON. */
  envelope: JsonText;
  sealedBy: SealedBy;
  sealedAt: IsoTimestamp;
}

/** A single-use archive challenge (valid 5 minutes). */
export interface ArchiveChallengesTable {
  id: string;
  organizationId: number;
  serviceId: string;
  userId: number;
  nonce: string;
  createdAt: CreatedAt;
  expiresAt: IsoTimestamp;
}

/** Consecutive wrong archive proofs of one user at one organisation. */
export interface ArchiveFailureCountersTable {
  organizationId: number;
  userId: number;
  failureCount: number;
  lastFailureAt: IsoTimestamp;
}

/** Sealed patient data and the archive's proof of possession. */
export interface ArchiveTables {
  sealedPatientData: SealedPatientDataTable;
  archiveChallenges: ArchiveChallengesTable;
  archiveFailureCounters: ArchiveFailureCountersTable;
}
