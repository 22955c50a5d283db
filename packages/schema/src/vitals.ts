import type { EnteredInError } from './recordHistory';
import { entityId } from './services';
import type { VitalParameterType } from './vitalParameters';
import {
  avpuOptions, normalizeParameterType, numericVitalRules, rangeMessage, simpleCapillaryRefillOptions, simplePupilOptions,
  simpleToRichCapillaryRefill, skinStatusOptions, vitalParameterLabels, vitalParameterShortLabels, vitalParameterTypes, vitalParameterUnits, vitalValueProblem,
} from './vitalParameters';
import { z } from './zodConfig';

/**
 * One model for both vital-sign forms (docs/spec/services.md §2, §3): a record with a list of values. The simple
 * form's fields are converted to values before they are sent or stored.
 */

export const vitalMessages = {
  noDataTitle: 'Keine Daten',
  noData: 'Bitte geben Sie mindestens einen Vitalparameter ein.',
  parameterInvalid: 'Unbekannter Vitalparameter',
  valueRequired: 'Bitte geben Sie einen Wert ein',
  valueLong: 'Der Wert darf höchstens 2000 Zeichen lang sein',
  unitLong: 'Die Einheit darf höchstens 20 Zeichen lang sein',
  tooManyValues: 'Höchstens 40 Werte je Messung',
  protocolRequired: 'Ungültiges Protokoll',
  optionInvalid: 'Ungültige Auswahl',
  notesLong: 'Bemerkungen dürfen höchstens 2000 Zeichen lang sein',
} as const;

const m = vitalMessages;

export const vitalValueSchema = z
  .object({
    parameterType: z.preprocess(normalizeParameterType, z.enum(vitalParameterTypes, { error: m.parameterInvalid })),
    value: z
      .union([z.string(), z.number()], { error: m.valueRequired })
      .transform(String)
      .pipe(z.string().trim().min(1, m.valueRequired).max(2000, m.valueLong)),
    unit: z.string().trim().max(20, m.unitLong).nullish().transform((v) => v || null),
  })
  .superRefine((entry, ctx) => {
    const problem = vitalValueProblem(entry.parameterType, entry.value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['value'] });
  })
  .transform((entry) => ({ ...entry, unit: entry.unit ?? vitalParameterUnits[entry.parameterType] ?? null }));
export type VitalValueInput = z.input<typeof vitalValueSchema>;

/** POST …/vital-signs (rich body, after renaming vitalSigns) and the mutation 'vitals.record'. */
export const recordVitalsSchema = z.object({
  id: entityId.optional(),
  protocolId: z.uuid({ error: m.protocolRequired }),
  /** When the medic measured (device time); offline measurements keep it. */
  recordedAt: z.iso.datetime({ offset: true }).optional(),
  values: z.array(vitalValueSchema, { error: m.noData }).min(1, m.noData).max(40, m.tooManyValues),
});
export type RecordVitalsInput = z.input<typeof recordVitalsSchema>;

/** Empty input becomes null (docs/spec/services.md §5); '37,5' reads as 37.5; anything else stays and fails. */
function emptyToNullNumber(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text.replace(',', '.'));
  return Number.isNaN(n) ? value : n;
}

const emptyToNull = (value: unknown) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value);

function numberField(type: VitalParameterType, label: string) {
  const rule = numericVitalRules[type] ?? { min: 0, max: 300, integer: true };
  const message = rangeMessage(label, rule);
  const base = z.number({ error: message }).min(rule.min, message).max(rule.max, message);
  return z.preprocess(emptyToNullNumber, (rule.integer ? base.int(message) : base).nullable());
}

const bloodPressureField = (label: string) => {
  const message = rangeMessage(label, { min: 0, max: 300, integer: true });
  return z.preprocess(emptyToNullNumber, z.number({ error: message }).int(message).min(0, message).max(300, message).nullable());
};

const optionField = <T extends readonly [string, ...string[]]>(options: T) =>
  z.preprocess(emptyToNull, z.enum(options, { error: m.optionInvalid }).nullable());

/** The simple dialog 'Vitalparameter erfassen' (docs/spec/services.md §2, §5): every field optional. */
export const simpleVitalsSchema = z.object({
  bloodPressureSystolic: bloodPressureField('Systolischer Blutdruck'),
  bloodPressureDiastolic: bloodPressureField('Diastolischer Blutdruck'),
  heartRate: numberField('heart_rate', 'Herzfrequenz'),
  respiratoryRate: numberField('respiratory_rate', 'Atemfrequenz'),
  oxygenSaturation: numberField('oxygen_saturation', 'Sauerstoffsättigung'),
  temperature: numberField('temperature', 'Temperatur'),
  bloodGlucose: numberField('blood_glucose', 'Blutzucker'),
  gcs: numberField('gcs', 'GCS'),
  painScale: numberField('pain_scale', 'Schmerzskala'),
  avpu: optionField(avpuOptions),
  pupils: optionField(simplePupilOptions),
  skinStatus: optionField(skinStatusOptions),
  capillaryRefill: optionField(simpleCapillaryRefillOptions),
  notes: z.preprocess(emptyToNull, z.string().trim().max(2000, m.notesLong).nullable()),
});
export type SimpleVitalsValues = z.output<typeof simpleVitalsSchema>;
export type SimpleVitalsInput = z.input<typeof simpleVitalsSchema>;

/** The simple form's request: its fields plus which protocol, and optionally id and time. */
export const simpleVitalsRequestSchema = simpleVitalsSchema.extend({
  id: entityId.optional(),
  protocolId: z.uuid({ error: m.protocolRequired }),
  recordedAt: z.iso.datetime({ offset: true }).optional(),
});

/** 'sys/dia' with '-' for a missing side; null when neither is given (docs/spec/services.md §4). */
export function formatBloodPressure(systolic: number | string | null | undefined, diastolic: number | string | null | undefined): string | null {
  const side = (v: number | string | null | undefined) => (v === null || v === undefined || String(v).trim() === '' ? '-' : String(v).trim());
  const sys = side(systolic);
  const dia = side(diastolic);
  return sys === '-' && dia === '-' ? null : `${sys}/${dia}`;
}

/** The systolic and diastolic numbers of a stored blood pressure (null for '-'). */
export function parseBloodPressure(value: string): { systolic: number | null; diastolic: number | null } {
  const [sys, dia] = value.split('/').map((p) => p.trim());
  const read = (p: string | undefined) => (p && /^\d+$/.test(p) ? Number(p) : null);
  return { systolic: read(sys), diastolic: read(dia) };
}

export interface VitalValueData {
  parameterType: VitalParameterType;
  value: string;
  unit: string | null;
}

/** The simple form's values as the one model's values, in the form's order. */
export function simpleVitalsToValues(simple: SimpleVitalsValues): VitalValueData[] {
  const values: VitalValueData[] = [];
  const add = (parameterType: VitalParameterType, value: number | string | null) => {
    if (value === null) return;
    values.push({ parameterType, value: String(value), unit: vitalParameterUnits[parameterType] ?? null });
  };
  add('blood_pressure', formatBloodPressure(simple.bloodPressureSystolic, simple.bloodPressureDiastolic));
  add('heart_rate', simple.heartRate);
  add('respiratory_rate', simple.respiratoryRate);
  add('oxygen_saturation', simple.oxygenSaturation);
  add('temperature', simple.temperature);
  add('blood_glucose', simple.bloodGlucose);
  add('gcs', simple.gcs);
  add('pain_scale', simple.painScale);
  add('avpu', simple.avpu);
  add('pupils', simple.pupils);
  add('skin_status', simple.skinStatus);
  add('capillary_refill', simple.capillaryRefill ? simpleToRichCapillaryRefill[simple.capillaryRefill] : null);
  add('notes', simple.notes);
  return values;
}

/** A REST body is rich when it carries a list (values, or the spec's vitalSigns); else the simple form. */
export function isRichVitalsBody(body: unknown): body is Record<string, unknown> {
  return !!body && typeof body === 'object' && ('values' in body || 'vitalSigns' in body);
}

/** One entry of the rich form: enabled by its checkbox, and its text. */
export interface RichVitalsEntry {
  parameterType: VitalParameterType;
  enabled: boolean;
  value: string | number | null | undefined;
}

/**
 * The rich form's values: enabled entries with a value. Blood pressure comes as two numbers and is
 * sent when either is there; the other side becomes '-'. An empty result means 'Keine Daten'.
 */
export function richFormToValues(entries: readonly RichVitalsEntry[], bloodPressure?: { enabled: boolean; systolic: unknown; diastolic: unknown }): VitalValueData[] {
  const values: VitalValueData[] = [];
  if (bloodPressure?.enabled) {
    const text = formatBloodPressure(bloodPressure.systolic as string | null, bloodPressure.diastolic as string | null);
    if (text) values.push({ parameterType: 'blood_pressure', value: text, unit: 'mmHg' });
  }
  for (const entry of entries) {
    const text = entry.value === null || entry.value === undefined ? '' : String(entry.value).trim();
    if (entry.enabled && text !== '') values.push({ parameterType: entry.parameterType, value: text, unit: vitalParameterUnits[entry.parameterType] ?? null });
  }
  return values;
}

/** A stored measurement with its values, as REST answers and pull delivers it. */
export interface VitalRecord {
  id: string;
  protocolId: string;
  organizationId: number;
  recordedAt: string;
  recordedById: number | null;
  values: (VitalValueData & { id: string })[];
  /**
   * Marked wrong: stays visible, struck through (./recordHistory.ts). The server always sends it;
   * rows stored on a device before the marks existed lack it.
   */
  enteredInError?: EnteredInError | null;
}

/** One line per measurement for the timeline table: 'RR 120/80 mmHg · HF 88 /min · GCS 15'. */
export function summarizeVitals(values: readonly VitalValueData[]): string {
  return values
    .filter((v) => v.parameterType !== 'notes')
    .map((v) => {
      const label = vitalParameterShortLabels[v.parameterType] ?? vitalParameterLabels[v.parameterType];
      return `${label} ${v.value}${v.unit ? ` ${v.unit}` : ''}`;
    })
    .join(' · ');
}

/** The newest value per parameter over all measurements (handover print, sidebar). */
export function latestVitalValues(records: readonly { recordedAt: string; values: readonly VitalValueData[] }[]): Map<VitalParameterType, VitalValueData & { recordedAt: string }> {
  const latest = new Map<VitalParameterType, VitalValueData & { recordedAt: string }>();
  for (const record of [...records].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt))) {
    for (const value of record.values) latest.set(value.parameterType, { ...value, recordedAt: record.recordedAt });
  }
  return latest;
}
