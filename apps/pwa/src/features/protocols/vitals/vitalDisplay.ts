import type { VitalParameterType, VitalSeverity } from '@sanidok/schema';
import { ageGroup, gcsLabel, hasVitalDecimals, vitalColouringTexts, vitalParameterLabels, vitalParameterTypes, vitalSeverity } from '@sanidok/schema';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { vitalsDe } from '../../../i18n/vitals.de';

/**
 * How the vital-sign screens show values: whether they may be coloured (docs/spec/services.md §5, §9: not
 * without a date of birth), the German form of a value, and the filter groups of the timeline.
 */

export type ColouringBasis = { dateOfBirth: string; notice: null } | { dateOfBirth: null; notice: string };

/** The date of birth to colour by, or why nothing is coloured. */
export function colouringBasis(view: Pick<ProtocolView, 'patientData'>): ColouringBasis {
  // After discharge the patient data leaves the device (archive): the age is unknown then.
  if (!view.patientData) return { dateOfBirth: null, notice: vitalsDe.timeline.noPatientData };
  const dateOfBirth = view.patientData.dateOfBirth;
  if (!dateOfBirth || ageGroup(dateOfBirth) === null) return { dateOfBirth: null, notice: vitalColouringTexts.noDateOfBirth };
  return { dateOfBirth, notice: null };
}

/** Severity of one value at the time it was measured (the age then counts), or null. */
export function severityAt(type: VitalParameterType, value: string, dateOfBirth: string | null, recordedAt: string): VitalSeverity | null {
  return dateOfBirth ? vitalSeverity(type, value, dateOfBirth, recordedAt) : null;
}

/** '37,5 °C', '120/80 mmHg', '4 (Spontanes Augenöffnen)'. */
export function displayValue(type: VitalParameterType, value: string, unit: string | null): string {
  const text = hasVitalDecimals(type) ? value.replace('.', ',') : value;
  const part = type === 'gcs_eyes' ? 'eyes' : type === 'gcs_verbal' ? 'verbal' : type === 'gcs_motor' ? 'motor' : null;
  const described = part ? `${text} (${gcsLabel(part, Number(value)) ?? '?'})` : text;
  return unit ? `${described} ${unit}` : described;
}

/** The timeline filters GCS parts with GCS and the pupil fields together. */
export type FilterKey = VitalParameterType;

export function filterKeyOf(type: VitalParameterType): FilterKey {
  if (type.startsWith('gcs')) return 'gcs';
  if (type.startsWith('pupils')) return 'pupils';
  return type;
}

export function filterLabel(key: FilterKey): string {
  return vitalParameterLabels[key];
}

/** The filter chips: every group that occurs in the measurements, in the product's order. */
export function presentFilterKeys(records: readonly { values: readonly { parameterType: VitalParameterType }[] }[]): FilterKey[] {
  const present = new Set(records.flatMap((r) => r.values.map((v) => filterKeyOf(v.parameterType))));
  return vitalParameterTypes.filter((type) => present.has(type));
}

export const passesFilter = (type: VitalParameterType, filter: readonly FilterKey[]) => filter.length === 0 || filter.includes(filterKeyOf(type));
