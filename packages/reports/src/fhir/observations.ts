import type { Encounter, Observation, ObservationComponent, Patient, Practitioner, Reference } from '@medplum/fhirtypes';
import type { RangedParameter, VitalParameterType, VitalRecord } from '@sanidok/schema';
import { ageGroup, parseBloodPressure, parseVitalNumber, vitalParameterLabels, vitalReferenceRanges, vitalSeverity } from '@sanidok/schema';
import { bloodPressure, gcs, quantityVitals, systems } from './codes';

export interface ObservationContext {
  patient: Reference<Patient>;
  encounter: Reference<Encounter>;
  /** Practitioner of a SaniDok user id, when that user is in the document. */
  performer: (userId: number | null) => Reference<Practitioner> | undefined;
  /** For the reference ranges of packages/schema vitalRanges (age groups); null: no flag. */
  dateOfBirth: string | null;
}

const loinc = (code: string, display: string) => ({ system: systems.loinc, code, display });
const vitalSignsCategory = [{ coding: [{ system: systems.observationCategory, code: 'vital-signs', display: 'Vital Signs' }] }];
const examCategory = [{ coding: [{ system: systems.observationCategory, code: 'exam', display: 'Exam' }] }];

/**
 * Out of the reference range of packages/schema vitalRanges: exported as measured, flagged H or L
 * (issue 20 "values out of range"). Null when there is no range (no date of birth, no rule).
 */
function interpretation(parameterType: VitalParameterType, value: string, numeric: number, context: ObservationContext, at: string) {
  const severity = vitalSeverity(parameterType, value, context.dateOfBirth, at);
  const group = ageGroup(context.dateOfBirth, at);
  if (severity === null || severity === 'normal' || group === null || !(parameterType in vitalReferenceRanges)) return undefined;
  const range = vitalReferenceRanges[parameterType as RangedParameter][group];
  const high = numeric > range.max;
  const [code, display] = severity === 'critical' ? (high ? ['HH', 'Critical high'] : ['LL', 'Critical low']) : high ? ['H', 'High'] : ['L', 'Low'];
  return [{ coding: [{ system: systems.interpretation, code, display }] }];
}

/**
 * The Observations of one measurement (docs/fhir.md "Vital signs"): numeric values with LOINC and
 * UCUM, blood pressure as the 85354-9 panel, GCS as 9269-2 with its three parts as components;
 * what has no code (AVPU, pupils, skin, capillary refill, notes) as text. A value that is not a
 * number is kept as text rather than dropped; an empty value gives no Observation at all.
 */
export function observationsOf(record: VitalRecord, context: ObservationContext, newId: () => string): Observation[] {
  const base = (code: Observation['code'], category: Observation['category']): Observation => {
    const performer = context.performer(record.recordedById);
    return {
      resourceType: 'Observation', id: newId(), status: 'final', category, code, subject: context.patient, encounter: context.encounter,
      effectiveDateTime: record.recordedAt, ...(performer && { performer: [performer] }),
    };
  };
  const observations: Observation[] = [];
  const gcsParts = new Map<VitalParameterType, number>();
  let gcsTotal: number | null = null;
  for (const { parameterType, value, unit } of record.values) {
    const text = value.trim();
    if (text === '') continue;
    const quantity = quantityVitals[parameterType];
    if (quantity) {
      const numeric = parseVitalNumber(text);
      const code = { coding: [loinc(quantity.loinc, quantity.display), ...(quantity.also ?? []).map((c) => loinc(c.code, c.display))], text: vitalParameterLabels[parameterType] };
      const observation = base(code, vitalSignsCategory);
      if (Number.isFinite(numeric)) {
        observation.valueQuantity = { value: numeric, unit: quantity.unit, system: systems.ucum, code: quantity.ucum };
        const flag = interpretation(parameterType, text, numeric, context, record.recordedAt);
        if (flag) observation.interpretation = flag;
      } else {
        observation.valueString = unit ? `${text} ${unit}` : text;
      }
      observations.push(observation);
    } else if (parameterType === 'blood_pressure') {
      const { systolic, diastolic } = parseBloodPressure(text);
      const component: ObservationComponent[] = [];
      const part = (coding: { loinc: string; display: string }, v: number | null) => {
        if (v !== null) component.push({ code: { coding: [loinc(coding.loinc, coding.display)] }, valueQuantity: { value: v, unit: bloodPressure.unit, system: systems.ucum, code: bloodPressure.ucum } });
      };
      part(bloodPressure.systolic, systolic);
      part(bloodPressure.diastolic, diastolic);
      const observation = base({ coding: [loinc(bloodPressure.panel.loinc, bloodPressure.panel.display)], text: vitalParameterLabels.blood_pressure }, vitalSignsCategory);
      if (component.length) observation.component = component;
      else observation.valueString = text;
      const flag = systolic === null ? undefined : interpretation('blood_pressure', text, systolic, context, record.recordedAt);
      if (flag) observation.interpretation = flag;
      observations.push(observation);
    } else if (parameterType === 'gcs') {
      gcsTotal = parseVitalNumber(text);
    } else if (parameterType === 'gcs_eyes' || parameterType === 'gcs_verbal' || parameterType === 'gcs_motor') {
      const numeric = parseVitalNumber(text);
      if (Number.isFinite(numeric)) gcsParts.set(parameterType, numeric);
    } else {
      // No code yet (docs/fhir.md): the German label as the code's text, the value as text.
      observations.push({ ...base({ text: vitalParameterLabels[parameterType] }, examCategory), valueString: unit ? `${text} ${unit}` : text });
    }
  }
  const gcsObservation = gcsOf(gcsTotal, gcsParts, base);
  if (gcsObservation) observations.push(gcsObservation);
  return observations;
}

function gcsOf(total: number | null, parts: Map<VitalParameterType, number>, base: (code: Observation['code'], category: Observation['category']) => Observation): Observation | undefined {
  const sum = parts.size === 3 ? [...parts.values()].reduce((a, b) => a + b, 0) : null;
  const value = total !== null && Number.isFinite(total) ? total : sum;
  if (value === null && parts.size === 0) return undefined;
  const observation = base({ coding: [loinc(gcs.total.loinc, gcs.total.display)], text: 'GCS' }, vitalSignsCategory);
  if (value !== null) observation.valueQuantity = { value, unit: 'Punkte', system: systems.ucum, code: '{score}' };
  const component = (['gcs_eyes', 'gcs_verbal', 'gcs_motor'] as const).flatMap((type) => {
    const score = parts.get(type);
    return score === undefined ? [] : [{ code: { coding: [loinc(gcs[type].loinc, gcs[type].display)] }, valueQuantity: { value: score, unit: 'Punkte', system: systems.ucum, code: '{score}' } }];
  });
  if (component.length) observation.component = component;
  return observation;
}
