import type { VitalParameterType } from '@sanidok/schema';
import { avpuLabels, avpuOptions, hasVitalDecimals, simpleCapillaryRefillOptions, simplePupilOptions, skinStatusOptions } from '@sanidok/schema';
import { vitalsDe } from '../../../i18n/vitals.de';

/** The fields of the simple dialog in the spec's order (docs/spec/services.md §2), as the inputs hold them: text. */
export const simpleFields = [
  'bloodPressureSystolic', 'bloodPressureDiastolic', 'avpu', 'heartRate', 'respiratoryRate', 'oxygenSaturation', 'temperature',
  'bloodGlucose', 'gcs', 'painScale', 'pupils', 'skinStatus', 'capillaryRefill', 'notes',
] as const;
export type SimpleField = (typeof simpleFields)[number];

export const emptySimpleVitals = (): Record<SimpleField, string> => Object.fromEntries(simpleFields.map((f) => [f, ''])) as Record<SimpleField, string>;

type Row =
  | { kind: 'number'; field: SimpleField; parameter: VitalParameterType; label: string; decimal: boolean }
  | { kind: 'option'; field: SimpleField; parameter: VitalParameterType; label: string; options: { value: string; label: string }[] };
export type SimpleFieldRow = Row;

const t = vitalsDe.simple;
const plain = (options: readonly string[]) => options.map((o) => ({ value: o, label: o }));
/** A number input of the parameter it stores: whether it takes decimals is the parameter's rule. */
const number = (field: SimpleField, parameter: VitalParameterType, label: string): Row => ({ kind: 'number', field, parameter, label, decimal: hasVitalDecimals(parameter) });

/** Everything but the notes, which span the full width below. */
export const simpleFieldRows: Row[] = [
  number('bloodPressureSystolic', 'blood_pressure', t.systolic),
  number('bloodPressureDiastolic', 'blood_pressure', t.diastolic),
  { kind: 'option', field: 'avpu', parameter: 'avpu', label: t.avpu, options: avpuOptions.map((o) => ({ value: o, label: avpuLabels[o] })) },
  number('heartRate', 'heart_rate', t.heartRate),
  number('respiratoryRate', 'respiratory_rate', t.respiratoryRate),
  number('oxygenSaturation', 'oxygen_saturation', t.oxygenSaturation),
  number('temperature', 'temperature', t.temperature),
  number('bloodGlucose', 'blood_glucose', t.bloodGlucose),
  number('gcs', 'gcs', t.gcs),
  number('painScale', 'pain_scale', t.painScale),
  { kind: 'option', field: 'pupils', parameter: 'pupils', label: t.pupils, options: plain(simplePupilOptions) },
  { kind: 'option', field: 'skinStatus', parameter: 'skin_status', label: t.skinStatus, options: plain(skinStatusOptions) },
  { kind: 'option', field: 'capillaryRefill', parameter: 'capillary_refill', label: t.capillaryRefill, options: plain(simpleCapillaryRefillOptions) },
];

/** Numbers before option lists: Tab then walks the typed fields without a select catching the digits. */
const numbersFirst = (rows: readonly Row[]) => [...rows.filter((r) => r.kind === 'number'), ...rows.filter((r) => r.kind === 'option')];

/**
 * The rows in the order the medic types them: the parameters of the protocol's last
 * measurement first (the set that is taken again), then the rest; numbers before option lists
 * in each part. Values are never carried over: a stale value must not look measured.
 */
export function orderedSimpleRows(lastParameters: readonly VitalParameterType[]): { remembered: Row[]; others: Row[] } {
  const last = new Set(lastParameters);
  return {
    remembered: numbersFirst(simpleFieldRows.filter((r) => last.has(r.parameter))),
    others: numbersFirst(simpleFieldRows.filter((r) => !last.has(r.parameter))),
  };
}
