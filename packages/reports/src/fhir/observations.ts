import type { Encounter, Observation, ObservationComponent, Patient, Practitioner, Reference } from '@medplum/fhirtypes';
import type { RangedParameter, VitalParameterType, VitalRecord } from '@sanidok/schema';
import { ageGroup, berlinDateTime, parseBloodPressure, parseVitalNumber, vitalParameterLabels, vitalReferenceRanges, vitalSeverity } from '@sanidok/schema';
import type { LoincQuantity } from './codes';
import { bloodPressure, dataAbsent, gcs, observationCategories, quantityVitals, systems } from './codes';
import { narrative } from './narrative';

export interface ObservationContext {
  patient: Reference<Patient>;
  encounter: Reference<Encounter>;
  /** Practitioner of a SaniDok user id, when that user is in the document. */
  performer: (userId: number | null) => Reference<Practitioner> | undefined;
  /** For the reference ranges of packages/schema vitalRanges (age groups); null: no flag. */
  dateOfBirth: string | null;
}

const loinc = (code: string, display: string) => ({ system: systems.loinc, code, display });
const category = (key: keyof typeof observationCategories) => [{ coding: [{ system: systems.observationCategory, ...observationCategories[key] }] }];
const absent = (reason: keyof typeof dataAbsent) => ({ coding: [{ system: systems.dataAbsentReason, ...dataAbsent[reason] }] });
const quantityOf = (value: number, unit: string, code: string) => ({ value, unit, system: systems.ucum, code });

/**
 * Out of the reference range of packages/schema vitalRanges: exported as measured, flagged H or L.
 * Null when there is no range (no date of birth, no rule).
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
  const base = (code: Observation['code'], categories: Observation['category'], profile?: string): Observation => {
    const performer = context.performer(record.recordedById);
    return {
      resourceType: 'Observation', id: newId(), ...(profile && { meta: { profile: [profile] } }), status: 'final', category: categories, code, subject: context.patient, encounter: context.encounter,
      effectiveDateTime: berlinDateTime(record.recordedAt), ...(performer && { performer: [performer] }),
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
      observations.push(quantityObservation(quantity, parameterType, text, unit, base, (n) => interpretation(parameterType, text, n, context, record.recordedAt)));
    } else if (parameterType === 'blood_pressure') {
      observations.push(bloodPressureObservation(text, base, (n) => interpretation('blood_pressure', text, n, context, record.recordedAt)));
    } else if (parameterType === 'gcs') {
      gcsTotal = parseVitalNumber(text);
    } else if (parameterType === 'gcs_eyes' || parameterType === 'gcs_verbal' || parameterType === 'gcs_motor') {
      const numeric = parseVitalNumber(text);
      if (Number.isFinite(numeric)) gcsParts.set(parameterType, numeric);
    } else {
      // No code yet (docs/fhir.md): the German label as the code's text, the value as text.
      observations.push({ ...base({ text: vitalParameterLabels[parameterType] }, category('exam')), valueString: unit ? `${text} ${unit}` : text });
    }
  }
  const gcsObservation = gcsOf(gcsTotal, gcsParts, base);
  if (gcsObservation) observations.push(gcsObservation);
  for (const observation of observations) observation.text = narrative(observationSummary(observation));
  return observations;
}

type Base = (code: Observation['code'], categories: Observation['category'], profile?: string) => Observation;
type Flag = (numeric: number) => Observation['interpretation'];

/**
 * A numeric vital sign. One of the R4 vital-signs table (heart rate, …) claims its profile and
 * must carry a Quantity: a value that is no number goes to `note`, with dataAbsentReason
 * `as-text` (docs/fhir.md "Vital signs").
 */
function quantityObservation(quantity: LoincQuantity, parameterType: VitalParameterType, text: string, unit: string | null, base: Base, flag: Flag): Observation {
  const numeric = parseVitalNumber(text);
  const code = { coding: [loinc(quantity.loinc, quantity.display), ...(quantity.also ?? []).map((c) => loinc(c.code, c.display))], text: vitalParameterLabels[parameterType] };
  const observation = base(code, category(quantity.category), quantity.profile);
  if (!Number.isFinite(numeric)) return { ...observation, dataAbsentReason: absent('asText'), note: [{ text: unit ? `${text} ${unit}` : text }] };
  const interpretation = flag(numeric);
  return { ...observation, valueQuantity: quantityOf(numeric, quantity.unit, quantity.ucum), ...(interpretation && { interpretation }) };
}

/**
 * Blood pressure as the R4 bp profile demands: the 85354-9 panel with both components, always;
 * a part not given (`140/-`, palpated) has dataAbsentReason `not-performed`, a value that is no
 * number at all keeps its text in `note` and both parts `as-text`.
 */
function bloodPressureObservation(text: string, base: Base, flag: Flag): Observation {
  const { systolic, diastolic } = parseBloodPressure(text);
  const readable = systolic !== null || diastolic !== null;
  const part = (coding: { loinc: string; display: string }, v: number | null): ObservationComponent => ({
    code: { coding: [loinc(coding.loinc, coding.display)] },
    ...(v !== null ? { valueQuantity: quantityOf(v, bloodPressure.unit, bloodPressure.ucum) } : { dataAbsentReason: absent(readable ? 'notPerformed' : 'asText') }),
  });
  const observation = base({ coding: [loinc(bloodPressure.panel.loinc, bloodPressure.panel.display)], text: vitalParameterLabels.blood_pressure }, category('vitalSigns'), bloodPressure.profile);
  observation.component = [part(bloodPressure.systolic, systolic), part(bloodPressure.diastolic, diastolic)];
  if (!readable) observation.note = [{ text }];
  const interpretation = systolic === null ? undefined : flag(systolic);
  return { ...observation, ...(interpretation && { interpretation }) };
}

/** The narrative of an Observation: what was measured, the value, and the flag. */
function observationSummary(o: Observation): string {
  const what = o.code.text ?? o.code.coding?.[0]?.display ?? '';
  const q = (v: { value?: number; unit?: string } | undefined) => (v ? `${String(v.value)} ${v.unit ?? ''}`.trim() : '–');
  const value = o.component?.length
    ? o.component.map((c) => q(c.valueQuantity)).join(' / ')
    : o.valueQuantity ? q(o.valueQuantity) : o.valueString ?? o.note?.[0]?.text ?? '';
  const flag = o.interpretation?.[0]?.coding?.[0]?.display;
  return `${what}: ${value}${flag ? ` (${flag})` : ''}`;
}

/** GCS (9269-2): not in the R4 vital-signs table, so category exam and no vital-signs profile. */
function gcsOf(total: number | null, parts: Map<VitalParameterType, number>, base: Base): Observation | undefined {
  const sum = parts.size === 3 ? [...parts.values()].reduce((a, b) => a + b, 0) : null;
  const value = total !== null && Number.isFinite(total) ? total : sum;
  if (value === null && parts.size === 0) return undefined;
  const observation = base({ coding: [loinc(gcs.total.loinc, gcs.total.display)], text: 'GCS' }, category('exam'));
  if (value !== null) observation.valueQuantity = quantityOf(value, 'Punkte', '{score}');
  const component = (['gcs_eyes', 'gcs_verbal', 'gcs_motor'] as const).flatMap((type) => {
    const score = parts.get(type);
    return score === undefined ? [] : [{ code: { coding: [loinc(gcs[type].loinc, gcs[type].display)] }, valueQuantity: quantityOf(score, 'Punkte', '{score}') }];
  });
  if (component.length) observation.component = component;
  return observation;
}
