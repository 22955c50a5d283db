import { existsSync, readFileSync } from 'node:fs';
import { withDatabase } from './serverDb';

// What the server stored for patient protocols, read straight from its SQLite file (read-only,
// ./serverDb.ts): the API would hide a duplicate behind a join, and it could not show that no
// plaintext patient data is left.

export interface StoredProtocolRow {
  id: string;
  serviceProtocolNumber: number;
  status: string;
  chiefComplaint: string | null;
  initialAssessment: string | null;
  allergies: string | null;
  medications: string | null;
  pastHistory: string | null;
  helper1: string | null;
  dischargeStatus: string | null;
  dischargeOutcome: string | null;
  dischargeDestination: string | null;
  handoverTo: string | null;
  dischargeComment: string | null;
  dischargedAt: string | null;
  needsReview: number;
  symptoms: string | null;
  incidentTime: string | null;
  naca: string | null;
  diagnosisGroup: string | null;
}

export interface StoredAccessEvent {
  actionType: string;
  timestamp: string;
  userId: number | null;
}

export interface StoredProtocolRevision {
  field: string;
  replacedValue: string | null;
  newValue: string | null;
  userId: number | null;
}

export interface StoredQuarantine {
  name: string;
  code: string;
  message: string;
}

export interface StoredProtocolCase {
  /** Every protocol of the service (duplicates included). */
  protocols: StoredProtocolRow[];
  /** Rows per protocol id. */
  vitalRecords: number;
  /** Values of all measurements, as 'parameter=value'. */
  vitalValues: string[];
  treatmentTexts: string[];
  materialUsage: { materialId: number; quantity: number }[];
  /** Server-key copies of patient data still there (must be 0 once discharged). */
  plaintextPatientRows: number;
  /** Sealed envelopes (JSON text), by whom they were sealed. */
  sealed: { envelope: string; sealedBy: string }[];
  accessEvents: StoredAccessEvent[];
  revisions: StoredProtocolRevision[];
  quarantined: StoredQuarantine[];
}

/** Everything the server holds for the protocols of one service. */
export function storedProtocolCase(file: string, serviceId: string): StoredProtocolCase {
  return withDatabase(file, (db) => {
    const protocols = db
      .prepare(
        `select id, service_protocol_number as serviceProtocolNumber, status, chief_complaint as chiefComplaint,
                initial_assessment as initialAssessment, allergies, medications, past_history as pastHistory, helper1, discharge_status as dischargeStatus, discharge_outcome as dischargeOutcome,
                discharge_destination as dischargeDestination, handover_to as handoverTo, discharge_comment as dischargeComment,
                discharged_at as dischargedAt, needs_review as needsReview, symptoms, incident_time as incidentTime,
                naca, diagnosis_group as diagnosisGroup
           from patient_protocols where service_id = ? order by service_protocol_number`,
      )
      .all(serviceId) as StoredProtocolRow[];
    const ids = protocols.map((p) => p.id);
    const inProtocols = `(${ids.map(() => '?').join(',') || "''"})`;
    const count = (sql: string) => (db.prepare(sql).get(...ids) as { n: number }).n;
    return {
      protocols,
      vitalRecords: count(`select count(*) as n from vital_sign_records where protocol_id in ${inProtocols}`),
      vitalValues: (
        db
          .prepare(`select v.parameter_type as type, v.value from vital_sign_values v join vital_sign_records r on r.id = v.record_id where r.protocol_id in ${inProtocols}`)
          .all(...ids) as { type: string; value: string }[]
      ).map((v) => `${v.type}=${v.value}`),
      treatmentTexts: (
        db.prepare(`select text from treatment_entries where protocol_id in ${inProtocols} order by created_at, id`).all(...ids) as { text: string }[]
      ).map((r) => r.text),
      materialUsage: db
        .prepare(`select material_id as materialId, quantity from material_usage where source = 'patient_protocol' and source_id in ${inProtocols}`)
        .all(...ids) as { materialId: number; quantity: number }[],
      plaintextPatientRows: count(`select count(*) as n from protocol_patient_data where protocol_id in ${inProtocols}`),
      sealed: db.prepare(`select envelope, sealed_by as sealedBy from sealed_patient_data where protocol_id in ${inProtocols}`).all(...ids) as {
        envelope: string;
        sealedBy: string;
      }[],
      accessEvents: db
        .prepare(`select action_type as actionType, timestamp, user_id as userId from access_logs where patient_protocol_id in ${inProtocols} order by timestamp`)
        .all(...ids) as StoredAccessEvent[],
      revisions: db
        .prepare(
          `select field, replaced_value as replacedValue, new_value as newValue, user_id as userId
             from field_revisions where entity = 'protocol' and entity_id in ${inProtocols} order by id`,
        )
        .all(...ids) as StoredProtocolRevision[],
      quarantined: db.prepare('select name, code, message from sync_quarantine').all() as StoredQuarantine[],
    };
  });
}

/** Whether `text` occurs anywhere in the files SQLite keeps the database in (main file, WAL, SHM). */
export function databaseFilesContain(file: string, text: string): boolean {
  const needle = Buffer.from(text, 'utf8');
  return [file, `${file}-wal`, `${file}-shm`].filter((f) => existsSync(f)).some((f) => readFileSync(f).includes(needle));
}
