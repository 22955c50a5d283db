import type { EnteredInErrorColumns } from './recordHistory';
import type { Selectable } from 'kysely';
import type { DischargeOutcome, DischargeStatus, ProtocolStatus, TreatmentPerformer } from '@sanidok/schema';
import type { Bool, DefaultedJsonText, EncryptedText, IsoTimestamp } from '../columns';

export interface PatientProtocolsTable {
  id: string;
  serviceId: string;
  organizationId: number;
  serviceProtocolNumber: number;
  status: ProtocolStatus;
  chiefComplaint: string | null;
  initialAssessment: string | null;
  allergies: string | null;
  medications: string | null;
  pastHistory: string | null;
  handlingInstructions: string | null;
  helper1: string | null;
  helper2: string | null;
  /** Migration 2026-11-24_004: what the patient reports and shows. */
  symptoms: string | null;
  /** Migration 2026-11-24_004: ISO instant (UTC) of the incident. */
  incidentTime: IsoTimestamp | null;
  /** Migration 2026-11-28_020: NACA '0'–'7' and the diagnosis group key (packages/schema mindCodes.ts). */
  naca: string | null;
  diagnosisGroup: string | null;
  dischargeStatus: DischargeStatus | null;
  dischargeOutcome: DischargeOutcome | null;
  dischargeDestination: string | null;
  handoverTo: string | null;
  dischargeComment: string | null;
  dischargedById: number | null;
  dischargedAt: IsoTimestamp | null;
  treatedById: number | null;
  /** The medic's time on the device; receivedAt is the server's. */
  createdAt: IsoTimestamp;
  receivedAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
  version: number;
  /** JSON object: field name → version of its last write (domain/fieldUpdate.ts). */
  fieldVersions: DefaultedJsonText;
  needsReview: Bool;
}

export interface ProtocolPatientDataTable {
  protocolId: string;
  organizationId: number;
  /** AES-256-GCM envelope (packages/crypto atRest) of the patient data JSON. */
  dataEnc: EncryptedText;
  updatedAt: IsoTimestamp;
  version: number;
  fieldVersions: DefaultedJsonText;
}

export interface TreatmentEntriesTable extends EnteredInErrorColumns {
  id: string;
  protocolId: string;
  organizationId: number;
  time: string;
  text: string;
  performer: TreatmentPerformer;
  performerName: string | null;
  createdAt: IsoTimestamp;
  receivedAt: IsoTimestamp;
  recordedById: number | null;
  version: number;
}

export interface VitalSignRecordsTable extends EnteredInErrorColumns {
  id: string;
  protocolId: string;
  organizationId: number;
  recordedAt: IsoTimestamp;
  receivedAt: IsoTimestamp;
  recordedById: number | null;
  version: number;
}

export interface VitalSignValuesTable {
  recordId: string;
  position: number;
  parameterType: string;
  value: string;
  unit: string | null;
}

/** Patient protocols with their patient data, treatment entries and vital signs. */
export interface ProtocolTables {
  patientProtocols: PatientProtocolsTable;
  protocolPatientData: ProtocolPatientDataTable;
  treatmentEntries: TreatmentEntriesTable;
  vitalSignRecords: VitalSignRecordsTable;
  vitalSignValues: VitalSignValuesTable;
}

export type PatientProtocolRow = Selectable<PatientProtocolsTable>;
