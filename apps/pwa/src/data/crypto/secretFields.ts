/**
 * What the device encrypts at rest (docs/security.md "Encryption on the device"): every
 * field that holds patient-identifying or clinical free text, per Dexie table. Everything else
 * (ids, service, organisation, status, times, versions) stays in clear: indexes need it, and it
 * names no patient. A table not listed here holds no such text.
 */
export const secretFields = {
  minorTreatments: ['patientName', 'description'],
  protocols: [
    'chiefComplaint', 'initialAssessment', 'allergies', 'medications', 'pastHistory', 'handlingInstructions',
    'helper1', 'helper2', 'symptoms', 'dischargeDestination', 'handoverTo', 'dischargeComment',
    'naca', 'diagnosisGroup',
  ],
  patientData: ['patientData'],
  vitalRecords: ['values'],
  treatmentEntries: ['text', 'performerName'],
  // Free text of the command post: it may name a patient although the dialog asks not to.
  diaryEntries: ['text'],
  // MANV tags: the person data; tag number, category and transport name no one.
  manvPatients: ['name', 'sex', 'estimatedAge', 'diagnosis'],
  // The record history: old and new values are the record's clinical and identifying values.
  recordRevisions: ['oldValue', 'newValue'],
  // What a capture form holds before it is saved (data/drafts): anything the medic typed.
  drafts: ['values'],
  // The outbox carries the same texts in mutation args; rejected rows (the device's quarantine) too.
  outbox: ['args'],
} as const satisfies Record<string, readonly string[]>;

export type SecretTable = keyof typeof secretFields;

export const secretTables = Object.keys(secretFields) as SecretTable[];

export function isSecretTable(name: string): name is SecretTable {
  return Object.hasOwn(secretFields, name);
}

/** Columns the encryption layer adds to a stored row; never seen above it while unlocked. */
export interface StoredEnvelopeColumns {
  /** The secret fields as JSON, under the data key (`d1.`) or sealed to the device (`s1.`). */
  enc?: string;
  /** Changes written while locked, sealed to the device; applied over `enc` in order. */
  encPatches?: string[];
  /** Minor treatments: 1 while a patient name is stored (the purge's index, sync/purgeScope.ts). */
  named?: 1;
}
