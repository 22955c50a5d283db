import { avpuLabels, avpuOptions, simpleCapillaryRefillOptions, simplePupilOptions, skinStatusOptions } from '@sanidok/schema';
import { vitalsDe } from '../../../i18n/vitals.de';

/** The fields of the simple dialog in the spec's order (spec 2 §2), as the inputs hold them: text. */
export const simpleFields = [
  'bloodPressureSystolic', 'bloodPressureDiastolic', 'avpu', 'heartRate', 'respiratoryRate', 'oxygenSaturation', 'temperature',
  'bloodGlucose', 'gcs', 'painScale', 'pupils', 'skinStatus', 'capillaryRefill', 'notes',
] as const;
export type SimpleField = (typeof simpleFields)[number];

export const emptySimpleVitals = (): Record<SimpleField, string> => Object.fromEntries(simpleFields.map((f) => [f, ''])) as Record<SimpleField, string>;

type Row =
  | { kind: 'number'; field: SimpleField; label: string; decimal?: boolean }
  | { kind: 'option'; field: SimpleField; label: string; options: { value: string; label: string }[] };

const t = vitalsDe.simple;
const plain = (options: readonly string[]) => options.map((o) => ({ value: o, label: o }));

/** Everything but the notes, which span the full width below. */
export const simpleFieldRows: Row[] = [
  { kind: 'number', field: 'bloodPressureSystolic', label: t.systolic },
  { kind: 'number', field: 'bloodPressureDiastolic', label: t.diastolic },
  { kind: 'option', field: 'avpu', label: t.avpu, options: avpuOptions.map((o) => ({ value: o, label: avpuLabels[o] })) },
  { kind: 'number', field: 'heartRate', label: t.heartRate },
  { kind: 'number', field: 'respiratoryRate', label: t.respiratoryRate },
  { kind: 'number', field: 'oxygenSaturation', label: t.oxygenSaturation },
  { kind: 'number', field: 'temperature', label: t.temperature, decimal: true },
  { kind: 'number', field: 'bloodGlucose', label: t.bloodGlucose, decimal: true },
  { kind: 'number', field: 'gcs', label: t.gcs },
  { kind: 'number', field: 'painScale', label: t.painScale },
  { kind: 'option', field: 'pupils', label: t.pupils, options: plain(simplePupilOptions) },
  { kind: 'option', field: 'skinStatus', label: t.skinStatus, options: plain(skinStatusOptions) },
  { kind: 'option', field: 'capillaryRefill', label: t.capillaryRefill, options: plain(simpleCapillaryRefillOptions) },
];
