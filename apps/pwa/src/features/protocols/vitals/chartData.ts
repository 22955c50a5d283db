import type { VitalParameterType, VitalSeverity, VitalValueData } from '@sanidok/schema';
import { ageGroup, parseBloodPressure, parseVitalNumber, vitalReferenceRanges } from '@sanidok/schema';
import { vitalsDe } from '../../../i18n/vitals.de';
import { displayValue, severityAt } from './vitalDisplay';

/** The parameters with numbers worth a trend line (beyond the spec: medics read trends). */
export const chartedParameters = [
  'blood_pressure', 'heart_rate', 'respiratory_rate', 'oxygen_saturation', 'temperature', 'blood_glucose', 'gcs', 'pain_scale',
] as const satisfies readonly VitalParameterType[];
export type ChartedParameter = (typeof chartedParameters)[number];

interface ChartRecord {
  recordedAt: string;
  values: readonly VitalValueData[];
}

export interface ChartPoint {
  time: number;
  value: number;
  severity: VitalSeverity | null;
}

export interface ChartLine {
  /** null for a single line; 'systolisch' / 'diastolisch' for blood pressure. */
  name: string | null;
  points: ChartPoint[];
}

/** One row of the accessible table: when, and the value as shown in the timeline. */
export interface ChartRow {
  recordedAt: string;
  text: string;
}

export interface ChartData {
  type: ChartedParameter;
  lines: ChartLine[];
  rows: ChartRow[];
  /** The normal range of the patient's age group (systolic for blood pressure), when known. */
  band: { min: number; max: number } | null;
}

/** The trend of one parameter over the records (oldest first), or null when it has no numbers. */
export function chartData(records: readonly ChartRecord[], type: ChartedParameter, dateOfBirth: string | null): ChartData | null {
  const ordered = [...records].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
  const primary: ChartPoint[] = [];
  const diastolic: ChartPoint[] = [];
  const rows: ChartRow[] = [];
  for (const record of ordered) {
    const time = Date.parse(record.recordedAt);
    for (const value of record.values) {
      if (value.parameterType !== type || Number.isNaN(time)) continue;
      const severity = severityAt(type, value.value, dateOfBirth, record.recordedAt);
      if (type === 'blood_pressure') {
        const { systolic, diastolic: dia } = parseBloodPressure(value.value);
        if (systolic !== null) primary.push({ time, value: systolic, severity });
        if (dia !== null) diastolic.push({ time, value: dia, severity: null });
        if (systolic === null && dia === null) continue;
      } else {
        const n = parseVitalNumber(value.value);
        if (!Number.isFinite(n)) continue;
        primary.push({ time, value: n, severity });
      }
      rows.push({ recordedAt: record.recordedAt, text: displayValue(type, value.value, value.unit) });
    }
  }
  if (rows.length === 0) return null;
  const lines: ChartLine[] =
    type === 'blood_pressure'
      ? [{ name: vitalsDe.chart.systolic, points: primary }, { name: vitalsDe.chart.diastolic, points: diastolic }]
      : [{ name: null, points: primary }];
  return { type, lines, rows, band: normalBand(type, dateOfBirth, ordered.at(-1)?.recordedAt) };
}

function normalBand(type: ChartedParameter, dateOfBirth: string | null, at: string | undefined): ChartData['band'] {
  if (type === 'gcs') return null;
  const group = ageGroup(dateOfBirth, at);
  if (!group) return null;
  const range = vitalReferenceRanges[type][group];
  return { min: range.min, max: range.max };
}

/** A linear map from a domain onto a pixel range; a zero-width domain maps to the middle. */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

/** The y domain: every value and the band, with some room above and below. */
export function valueDomain(data: Pick<ChartData, 'lines' | 'band'>): [number, number] {
  const values = data.lines.flatMap((line) => line.points.map((p) => p.value));
  if (data.band) values.push(data.band.min, data.band.max);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = max === min ? Math.max(1, Math.abs(max) * 0.1) : (max - min) * 0.1;
  // Whole numbers on the axis unless the values have decimals (temperature); no negative pain or pulse.
  const perUnit = values.every(Number.isInteger) ? 1 : 10;
  // The small nudge keeps float noise (13.5 * 10 = 134.999…) from pushing a bound a step out.
  const low = Math.floor((min - pad) * perUnit + 1e-9) / perUnit;
  const high = Math.ceil((max + pad) * perUnit - 1e-9) / perUnit;
  return [min >= 0 ? Math.max(0, low) : low, high];
}
