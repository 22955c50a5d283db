import type { DischargeOutcome, VitalParameterType } from '@sanidok/schema';

/**
 * The codes of the FHIR export (docs/fhir.md): LOINC for vital signs, UCUM for units, FHIR's own
 * code systems for categories. One table per concept, so that the mapping file reads as the doc.
 */
export const systems = {
  loinc: 'http://loinc.org',
  ucum: 'http://unitsofmeasure.org',
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
  conditionClinical: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  conditionVerification: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
  interpretation: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
  actCode: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  dischargeDisposition: 'http://terminology.hl7.org/CodeSystem/discharge-disposition',
  dataAbsentReason: 'http://terminology.hl7.org/CodeSystem/data-absent-reason',
  listEmptyReason: 'http://terminology.hl7.org/CodeSystem/list-empty-reason',
  /** Identifiers SaniDok assigns (protocol ids, document ids): an URN of its own, no registry yet. */
  sanidokProtocol: 'urn:sanidok:protocol',
  sanidokDocument: 'urn:sanidok:fhir-document',
} as const;

/** HL7's R4 vital-signs profiles (docs/fhir.md "Profiles"): an Observation of their table claims its own. */
const profile = (name: string) => `http://hl7.org/fhir/StructureDefinition/${name}`;

export const observationCategories = {
  vitalSigns: { code: 'vital-signs', display: 'Vital Signs' },
  exam: { code: 'exam', display: 'Exam' },
  survey: { code: 'survey', display: 'Survey' },
  laboratory: { code: 'laboratory', display: 'Laboratory' },
} as const;

/** data-absent-reason: a blood-pressure part not measured (palpated `140/-`), a value that is no number. */
export const dataAbsent = {
  notPerformed: { code: 'not-performed', display: 'Not Performed' },
  asText: { code: 'as-text', display: 'As Text' },
} as const;

export interface LoincQuantity {
  /** Vital signs of the R4 table claim their profile; glucose, pain and GCS are no vital signs there. */
  category: keyof typeof observationCategories;
  profile?: string;
  loinc: string;
  display: string;
  /** UCUM code and the unit as people read it. */
  ucum: string;
  unit: string;
  /** Further codings of the same concept (SpO₂: pulse oximetry and arterial saturation). */
  also?: { code: string; display: string }[];
}

/** Numeric vital signs: one Observation each, category vital-signs, valueQuantity in UCUM. */
export const quantityVitals: Partial<Record<VitalParameterType, LoincQuantity>> = {
  heart_rate: { category: 'vitalSigns', profile: profile('heartrate'), loinc: '8867-4', display: 'Heart rate', ucum: '/min', unit: '/min' },
  respiratory_rate: { category: 'vitalSigns', profile: profile('resprate'), loinc: '9279-1', display: 'Respiratory rate', ucum: '/min', unit: '/min' },
  oxygen_saturation: {
    category: 'vitalSigns', profile: profile('oxygensat'), loinc: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry', ucum: '%', unit: '%',
    also: [{ code: '2708-6', display: 'Oxygen saturation in Arterial blood' }],
  },
  temperature: { category: 'vitalSigns', profile: profile('bodytemp'), loinc: '8310-5', display: 'Body temperature', ucum: 'Cel', unit: '°C' },
  blood_glucose: { category: 'laboratory', loinc: '2339-0', display: 'Glucose [Mass/volume] in Blood', ucum: 'mg/dL', unit: 'mg/dL' },
  pain_scale: { category: 'survey', loinc: '72514-3', display: 'Pain severity - 0-10 verbal numeric rating [Score] - Reported', ucum: '{score}', unit: 'Punkte' },
};

export const bloodPressure = {
  profile: profile('bp'),
  panel: { loinc: '85354-9', display: 'Blood pressure panel with all children optional' },
  systolic: { loinc: '8480-6', display: 'Systolic blood pressure' },
  diastolic: { loinc: '8462-4', display: 'Diastolic blood pressure' },
  ucum: 'mm[Hg]',
  unit: 'mmHg',
} as const;

export const gcs = {
  total: { loinc: '9269-2', display: 'Glasgow coma score total' },
  gcs_eyes: { loinc: '9267-6', display: 'Glasgow coma score eye opening' },
  gcs_verbal: { loinc: '9270-0', display: 'Glasgow coma score verbal' },
  gcs_motor: { loinc: '9268-4', display: 'Glasgow coma score motor' },
} as const;

/** LOINC section codes of the Composition (from HL7's doc-section-codes where one fits; Long Common Names). */
export const sectionCodes = {
  vitals: { loinc: '8716-3', display: 'Vital signs' },
  procedures: { loinc: '29554-3', display: 'Procedure Narrative' },
  findings: { loinc: '11450-4', display: 'Problem list - Reported' },
  allergies: { loinc: '48765-2', display: 'Allergies and adverse reactions Document' },
  medications: { loinc: '10160-0', display: 'History of Medication use Narrative' },
  pastHistory: { loinc: '11348-0', display: 'History of Past illness Narrative' },
  /** Who took the patient over: where the care goes on. */
  handover: { loinc: '18776-5', display: 'Plan of care note' },
} as const;

/** The document's type: a summary of the episode of care (docs/fhir.md says why this one). */
export const documentType = { loinc: '34133-9', display: 'Summary of episode note' } as const;

/**
 * How the care ended → Encounter.hospitalization.dischargeDisposition (HL7 discharge-disposition,
 * an example binding). Handed to the ambulance service is a transfer to other care ('other-hcf');
 * a refusal is leaving against advice ('aadvice').
 */
export const dischargeDispositions: Record<DischargeOutcome, { code: string; display: string }> = {
  released: { code: 'home', display: 'Home' },
  ambulance: { code: 'other-hcf', display: 'Other healthcare facility' },
  refused: { code: 'aadvice', display: 'Left against advice' },
  deceased: { code: 'exp', display: 'Expired' },
  other: { code: 'oth', display: 'Other' },
};
