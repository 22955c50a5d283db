/**
 * Vital-sign parameters (docs/spec/services.md §3): types, labels, units, option lists and what a valid value
 * of each looks like. Values are text on the wire and at rest (blood pressure is 'sys/dia').
 */

export const vitalParameterTypes = [
  'blood_pressure', 'heart_rate', 'respiratory_rate', 'oxygen_saturation', 'temperature', 'blood_glucose',
  'gcs', 'gcs_eyes', 'gcs_verbal', 'gcs_motor', 'pain_scale', 'avpu',
  'pupils', 'pupils_left_size', 'pupils_right_size', 'pupils_left_reaction', 'pupils_right_reaction', 'pupils_equality',
  'skin_status', 'capillary_refill', 'notes',
] as const;
export type VitalParameterType = (typeof vitalParameterTypes)[number];

/** Older clients call SpO2 'spo2' (docs/spec/services.md §3): one name from here on. */
export function normalizeParameterType(type: unknown): unknown {
  return typeof type === 'string' && type.trim().toLowerCase() === 'spo2' ? 'oxygen_saturation' : type;
}

export const vitalParameterLabels: Record<VitalParameterType, string> = {
  blood_pressure: 'Blutdruck',
  heart_rate: 'Herzfrequenz',
  respiratory_rate: 'Atemfrequenz',
  oxygen_saturation: 'SpO₂',
  temperature: 'Temperatur',
  blood_glucose: 'Blutzucker',
  gcs: 'GCS',
  gcs_eyes: 'GCS Augen',
  gcs_verbal: 'GCS Verbal',
  gcs_motor: 'GCS Motorik',
  pain_scale: 'Schmerzskala',
  avpu: 'AVPU',
  pupils: 'Pupillen',
  pupils_left_size: 'Pupille links',
  pupils_right_size: 'Pupille rechts',
  pupils_left_reaction: 'Lichtreaktion links',
  pupils_right_reaction: 'Lichtreaktion rechts',
  pupils_equality: 'Pupillengleichheit',
  skin_status: 'Haut',
  capillary_refill: 'Rekapillarisierung',
  notes: 'Bemerkungen',
};

/** Short labels for the one-line summary of a measurement. */
export const vitalParameterShortLabels: Partial<Record<VitalParameterType, string>> = {
  blood_pressure: 'RR',
  heart_rate: 'HF',
  respiratory_rate: 'AF',
  oxygen_saturation: 'SpO₂',
  temperature: 'Temp',
  blood_glucose: 'BZ',
  pain_scale: 'NRS',
  capillary_refill: 'Rekap',
};

export const vitalParameterUnits: Partial<Record<VitalParameterType, string>> = {
  blood_pressure: 'mmHg',
  heart_rate: '/min',
  respiratory_rate: '/min',
  oxygen_saturation: '%',
  temperature: '°C',
  blood_glucose: 'mg/dL',
  capillary_refill: 's',
};

// Option lists exactly as docs/spec/services.md §3 names them.
export const avpuOptions = ['A', 'V', 'P', 'U'] as const;
export const avpuLabels: Record<(typeof avpuOptions)[number], string> = {
  A: 'A – wach (Alert)',
  V: 'V – reagiert auf Ansprache (Voice)',
  P: 'P – reagiert auf Schmerzreiz (Pain)',
  U: 'U – reaktionslos (Unresponsive)',
};
export const simplePupilOptions = ['PERRLA', 'Anisokorie', 'Miosis', 'Mydriasis', 'Träge Reaktion', 'Keine Reaktion'] as const;
export const skinStatusOptions = ['Normal', 'Blass', 'Gerötet', 'Zyanotisch', 'Marmoriert', 'Feucht', 'Trocken', 'Kalt', 'Heiß'] as const;
export const simpleCapillaryRefillOptions = ['unter 2 Sek', '2-3 Sek', 'über 3 Sek'] as const;
export const capillaryRefillOptions = ['<2', '2-3', '>3'] as const;
export const pupilSizeOptions = ['eng', 'normal', 'weit'] as const;
export const pupilEqualityOptions = ['isochor', 'anisochor'] as const;
export const pupilReactionOptions = ['reaktiv', 'träge', 'nicht reaktiv'] as const;

/** The simple form's capillary refill, stored in the rich form's notation (one model). */
export const simpleToRichCapillaryRefill: Record<(typeof simpleCapillaryRefillOptions)[number], (typeof capillaryRefillOptions)[number]> = {
  'unter 2 Sek': '<2',
  '2-3 Sek': '2-3',
  'über 3 Sek': '>3',
};

interface NumericRule { min: number; max: number; integer: boolean }

/** Plausible ranges: wide enough for any real patient, narrow enough to catch a slipped digit. */
export const numericVitalRules: Partial<Record<VitalParameterType, NumericRule>> = {
  heart_rate: { min: 0, max: 300, integer: true },
  respiratory_rate: { min: 0, max: 80, integer: true },
  oxygen_saturation: { min: 0, max: 100, integer: true },
  temperature: { min: 25, max: 45, integer: false },
  blood_glucose: { min: 0, max: 1500, integer: false },
  gcs: { min: 3, max: 15, integer: true },
  gcs_eyes: { min: 1, max: 4, integer: true },
  gcs_verbal: { min: 1, max: 5, integer: true },
  gcs_motor: { min: 1, max: 6, integer: true },
  pain_scale: { min: 0, max: 10, integer: true },
};

export const bloodPressureRule: NumericRule = { min: 0, max: 300, integer: true };

/**
 * Whether values of a parameter may have decimals (temperature, blood glucose): exactly the
 * numeric rules above that are not integer. The screens type and show those with a German comma.
 * Takes any name, so form fields named like a parameter ('systolic' is none) can ask too.
 */
export const hasVitalDecimals = (type: string): boolean =>
  Object.hasOwn(numericVitalRules, type) && numericVitalRules[type as VitalParameterType]?.integer === false;

const optionRules: Partial<Record<VitalParameterType, readonly string[]>> = {
  avpu: avpuOptions,
  pupils: simplePupilOptions,
  pupils_left_size: pupilSizeOptions,
  pupils_right_size: pupilSizeOptions,
  pupils_left_reaction: pupilReactionOptions,
  pupils_right_reaction: pupilReactionOptions,
  pupils_equality: pupilEqualityOptions,
  capillary_refill: capillaryRefillOptions,
};

/** '37,5' and '37.5' alike; anything else is NaN. */
export function parseVitalNumber(value: string | number | null | undefined): number {
  if (typeof value === 'number') return value;
  if (value === null || value === undefined) return Number.NaN;
  const text = value.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

export const rangeMessage = (label: string, rule: NumericRule) =>
  `${label} muss ${rule.integer ? 'eine ganze Zahl ' : ''}zwischen ${String(rule.min).replace('.', ',')} und ${String(rule.max).replace('.', ',')} sein`;

const fitsRule = (n: number, rule: NumericRule) => Number.isFinite(n) && n >= rule.min && n <= rule.max && (!rule.integer || Number.isInteger(n));

/** 'sys/dia' where a missing side is '-', but not both (docs/spec/services.md §4 rich form). */
export function isValidBloodPressure(value: string): boolean {
  const match = /^\s*(\d{1,3}|-)\s*\/\s*(\d{1,3}|-)\s*$/.exec(value);
  if (!match || (match[1] === '-' && match[2] === '-')) return false;
  return [match[1], match[2]].every((side) => side === '-' || fitsRule(Number(side), bloodPressureRule));
}

/** Why a value is not valid for its parameter, or null when it is. */
export function vitalValueProblem(type: VitalParameterType, value: string): string | null {
  const label = vitalParameterLabels[type];
  if (type === 'blood_pressure') return isValidBloodPressure(value) ? null : 'Blutdruck bitte als systolisch/diastolisch angeben, z. B. 120/80';
  const numeric = numericVitalRules[type];
  if (numeric) return fitsRule(parseVitalNumber(value), numeric) ? null : rangeMessage(label, numeric);
  const options = optionRules[type];
  if (options) return options.includes(value) ? null : `${label}: ungültige Auswahl`;
  if (type === 'skin_status') {
    // Skin findings combine ("Blass, Kalt, Feucht"): every part must come from the list.
    const parts = value.split(',').map((p) => p.trim());
    return parts.every((p) => (skinStatusOptions as readonly string[]).includes(p)) ? null : `${label}: ungültige Auswahl`;
  }
  return null;
}
