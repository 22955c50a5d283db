import type { ManvAlgorithm, ManvCategory, ManvPhase, ManvQualification } from '@sanidok/schema';
import type { Selectable } from 'kysely';
import type { Bool, CreatedAt, EncryptedText, IsoTimestamp, JsonText } from '../columns';

/** MANV incidents, tags and triage events (domain/manv, migration 2026-11-24_016). */
export interface ManvIncidentsTable {
  id: string;
  serviceId: string;
  organizationId: number;
  name: string;
  startedAt: IsoTimestamp;
  endedAt: IsoTimestamp | null;
  blueEnabled: Bool;
  createdById: number | null;
  createdAt: CreatedAt;
  version: number;
}

export interface ManvPatientsTable {
  id: string;
  incidentId: string;
  serviceId: string;
  organizationId: number;
  tagNumber: string;
  treatmentArea: string | null;
  /** {name, sex, estimatedAge, diagnosis} as JSON under the data key; null once erased. */
  personEnc: EncryptedText | null;
  duplicateOf: string | null;
  protocolId: string | null;
  /** ManvTransport as JSON, validated with the shared schema before it is written. */
  transportJson: JsonText | null;
  createdById: number | null;
  createdAt: CreatedAt;
  receivedAt: IsoTimestamp;
  version: number;
}

export interface ManvTriagesTable {
  id: string;
  patientId: string;
  incidentId: string;
  serviceId: string;
  organizationId: number;
  category: ManvCategory;
  phase: ManvPhase;
  algorithm: ManvAlgorithm;
  qualification: ManvQualification;
  triagedAt: IsoTimestamp;
  triagedById: number | null;
  receivedAt: IsoTimestamp;
  version: number;
}

export interface ManvTables {
  manvIncidents: ManvIncidentsTable;
  manvPatients: ManvPatientsTable;
  manvTriages: ManvTriagesTable;
}

export type ManvIncidentRow = Selectable<ManvIncidentsTable>;
export type ManvPatientRow = Selectable<ManvPatientsTable>;
