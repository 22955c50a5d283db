import { berlinDay } from './berlinTime';
import { parseVitalNumber } from './vitalParameters';
import { parseBloodPressure } from './vitals';

/**
 * Age groups and the one reference-range table of the product (docs/spec/services.md §9, reading A — the
 * timeline's — for every view; docs/decisions.md says why). The colouring is a rough aid, not a
 * medical assessment: every screen that shows it says so.
 */

export type AgeGroup = 'child' | 'teen' | 'adult';

export const ageGroupLabels: Record<AgeGroup, string> = { child: 'Kind', teen: 'Jugendlicher', adult: 'Erwachsener' };

export const vitalColouringTexts = {
  disclaimer: 'Die Farbmarkierung ist nur eine grobe Einschätzung. Die medizinische Beurteilung liegt beim Fachpersonal.',
  noDateOfBirth: 'Kein Geburtsdatum erfasst – die Werte werden nicht farblich bewertet.',
} as const;

/** Completed years of life at `at`; null without a usable date of birth or before birth. */
export function ageInYears(dateOfBirth: string | null | undefined, at: Date | string = new Date()): number | null {
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return null;
  const moment = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(moment.getTime())) return null;
  const [y, mo, d] = berlinDay(moment).split('-').map(Number) as [number, number, number];
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const age = y - by - (mo < bm || (mo === bm && d < bd) ? 1 : 0);
  return age >= 0 ? age : null;
}

/** Reading A of docs/spec/services.md §9: child up to 12, teen 13–17, adult 18 and over. */
export function ageGroupForAge(age: number | null): AgeGroup | null {
  if (age === null || age < 0) return null;
  if (age <= 12) return 'child';
  if (age <= 17) return 'teen';
  return 'adult';
}

export const ageGroup = (dateOfBirth: string | null | undefined, at?: Date | string): AgeGroup | null => ageGroupForAge(ageInYears(dateOfBirth, at));

export interface ReferenceRange {
  min: number;
  max: number;
  criticalLow: number;
  criticalHigh: number;
}

const same = (range: ReferenceRange): Record<AgeGroup, ReferenceRange> => ({ child: range, teen: range, adult: range });
const r = (min: number, max: number, criticalLow: number, criticalHigh: number): ReferenceRange => ({ min, max, criticalLow, criticalHigh });

export type RangedParameter = 'respiratory_rate' | 'heart_rate' | 'blood_glucose' | 'blood_pressure' | 'oxygen_saturation' | 'temperature' | 'pain_scale';

/** Normal min–max and critical bounds; blood pressure is judged by its systolic part. */
export const vitalReferenceRanges: Record<RangedParameter, Record<AgeGroup, ReferenceRange>> = {
  respiratory_rate: { child: r(20, 30, 15, 40), teen: r(12, 20, 10, 30), adult: r(12, 18, 8, 25) },
  heart_rate: { child: r(80, 115, 70, 130), teen: r(70, 105, 60, 120), adult: r(60, 85, 50, 120) },
  blood_glucose: { child: r(70, 100, 60, 180), teen: r(70, 100, 60, 180), adult: r(70, 99, 50, 180) },
  blood_pressure: { child: r(90, 115, 80, 130), teen: r(105, 125, 90, 140), adult: r(110, 130, 90, 160) },
  oxygen_saturation: same(r(95, 100, 92, 101)),
  temperature: { child: r(36.5, 37.5, 35, 38.5), teen: r(36.5, 37.5, 35, 38), adult: r(36.5, 37.5, 35, 38) },
  pain_scale: same(r(0, 3, 0, 7)),
};

export type VitalSeverity = 'critical' | 'abnormal' | 'normal';

export const vitalSeverityLabels: Record<VitalSeverity, string> = { critical: 'kritisch', abnormal: 'abweichend', normal: 'normal' };
export const vitalSeverityColors: Record<VitalSeverity, 'red' | 'yellow' | 'green'> = { critical: 'red', abnormal: 'yellow', normal: 'green' };

/**
 * At or beyond a critical bound → critical; outside normal → abnormal; else normal. A critical
 * bound equal to the normal bound (pain's 0) marks no critical side: 0 pain is not an emergency.
 */
export function severityInRange(value: number, range: ReferenceRange): VitalSeverity {
  if ((range.criticalLow < range.min && value <= range.criticalLow) || (range.criticalHigh > range.max && value >= range.criticalHigh)) return 'critical';
  if (value < range.min || value > range.max) return 'abnormal';
  return 'normal';
}

const isRanged = (type: string): type is RangedParameter => Object.hasOwn(vitalReferenceRanges, type);

/**
 * The colour class of one value, or null: no date of birth, a parameter without a range, or a
 * value that is not a number (a blood pressure without systolic part).
 */
export function vitalSeverity(
  parameterType: string,
  value: string | number,
  dateOfBirth: string | null | undefined,
  at: Date | string = new Date(),
): VitalSeverity | null {
  const group = ageGroup(dateOfBirth, at);
  if (!group || !isRanged(parameterType)) return null;
  const n = parameterType === 'blood_pressure' ? parseBloodPressure(String(value)).systolic : parseVitalNumber(value);
  if (n === null || !Number.isFinite(n)) return null;
  return severityInRange(n, vitalReferenceRanges[parameterType][group]);
}

/** The colour of a value for the timeline and the sidebar, or null (no colouring). */
export function vitalColor(parameterType: string, value: string | number, dateOfBirth: string | null | undefined, at?: Date | string) {
  const severity = vitalSeverity(parameterType, value, dateOfBirth, at);
  return severity ? vitalSeverityColors[severity] : null;
}

/** Pain scale buttons (docs/spec/services.md §9): 0–3 green, 4–6 yellow, 7–10 red — no date of birth needed. */
export function painScaleColor(score: number): 'green' | 'yellow' | 'red' {
  if (score >= 7) return 'red';
  if (score >= 4) return 'yellow';
  return 'green';
}
