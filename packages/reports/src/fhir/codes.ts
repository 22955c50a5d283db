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
  /** Identifiers SaniDok assigns (protocol ids, document ids): an URN of its own, no registry yet. */
  sanidokProtocol: 'urn:sanidok:protocol',
  sanidokDocument: 'urn:sanidok:fhir-document',
} as const;

export interface LoincQuantity {
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
  heart_rate: { loinc: '8867-4', display: 'Heart rate', ucum: '/min', unit: '/min' },
  respiratory_rate: { loinc: '9279-1', display: 'Respiratory rate', ucum: '/min', unit: '/min' },
  oxygen_saturation: {
    loinc: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry', ucum: '%', unit: '%',
    also: [{ code: '2708-6', display: 'Oxygen saturation in Arterial blood' }],
  },
  temperature: { loinc: '8310-5', display: 'Body temperature', ucum: 'Cel', unit: '°C' },
  blood_glucose: { loinc: '2339-0', display: 'Glucose [Mass/volume] in Blood', ucum: 'mg/dL', unit: 'mg/dL' },
  pain_scale: { loinc: '72514-3', display: 'Pain severity - 0-10 verbal numeric rating [Score] - Reported', ucum: '{score}', unit: 'Punkte' },
};

export const bloodPressure = {
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
