import type { MinorTreatment } from './minorTreatments';
import type { PatientProtocol } from './protocols';
import type { SyncedRecordRevision } from './recordHistory';
import type { TreatmentEntry } from './treatmentEntries';
import type { VitalRecord } from './vitals';

/**
 * The clinical part of the documentation follows the service team like the patient's identity
 * (docs/decisions.md "Clinical data is patient data", docs/security.md "Clinical data follows the
 * team"): per entity, every clinical field and free text, with the value a reader off the team (or
 * past the service's patient-data window) gets instead. The same list decides what a pull seals to
 * the device (`deviceSealedFields`), what REST replies leave out, and what the device purges.
 */
export const withheldClinical = {
  protocol: {
    chiefComplaint: null, initialAssessment: null, allergies: null, medications: null, pastHistory: null, handlingInstructions: null,
    helper1: null, helper2: null, symptoms: null, dischargeDestination: null, handoverTo: null, dischargeComment: null,
    naca: null, diagnosisGroup: null,
  },
  // Not null: the reply types keep their shape (an entry always has a text, a record its list).
  vitalRecord: { values: [] },
  treatmentEntry: { text: '', performerName: null },
  minorTreatment: { patientName: null, description: '' },
  // A revision's values are the record's old and new clinical or identifying values.
  recordRevision: { oldValue: null, newValue: null },
} as const satisfies {
  protocol: Partial<PatientProtocol>;
  vitalRecord: Partial<VitalRecord>;
  treatmentEntry: Partial<TreatmentEntry>;
  minorTreatment: Partial<MinorTreatment>;
  recordRevision: Partial<SyncedRecordRevision>;
};
export type ClinicalEntity = keyof typeof withheldClinical;

/** The clinical field names of an entity. */
export const clinicalFieldsOf = <E extends ClinicalEntity>(entity: E) => Object.keys(withheldClinical[entity]) as (keyof (typeof withheldClinical)[E] & string)[];

/** The row as a reader off the team sees it: every clinical field replaced by its withheld value. */
export function withholdClinical<T extends object>(entity: ClinicalEntity, row: T): T {
  return { ...row, ...withheldClinical[entity] };
}

/** The protocol's treatment lines summarised (REST lists): empty where the entries are withheld. */
export const withheldTreatmentSummary = '';
