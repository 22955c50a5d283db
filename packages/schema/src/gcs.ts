/**
 * Glasgow Coma Scale (docs/spec/services.md §3, §4, §9): eyes 1–4, verbal 1–5, motor 1–6, with the German
 * wording taught in Sanitätsdienst and Rettungsdienst training.
 */

export interface GcsLevel {
  score: number;
  label: string;
}

export const gcsEyes: readonly GcsLevel[] = [
  { score: 4, label: 'Spontanes Augenöffnen' },
  { score: 3, label: 'Augenöffnen auf Ansprache' },
  { score: 2, label: 'Augenöffnen auf Schmerzreiz' },
  { score: 1, label: 'Kein Augenöffnen' },
];

export const gcsVerbal: readonly GcsLevel[] = [
  { score: 5, label: 'Orientiert' },
  { score: 4, label: 'Verwirrt, desorientiert' },
  { score: 3, label: 'Unzusammenhängende Worte' },
  { score: 2, label: 'Unverständliche Laute' },
  { score: 1, label: 'Keine verbale Reaktion' },
];

export const gcsMotor: readonly GcsLevel[] = [
  { score: 6, label: 'Befolgt Aufforderungen' },
  { score: 5, label: 'Gezielte Schmerzabwehr' },
  { score: 4, label: 'Ungezielte Schmerzabwehr (Wegziehen)' },
  { score: 3, label: 'Beugesynergismen (abnormale Beugung)' },
  { score: 2, label: 'Strecksynergismen' },
  { score: 1, label: 'Keine motorische Reaktion' },
];

export const gcsRange = { min: 3, max: 15 } as const;

const part = (value: number | null | undefined, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max ? value : 0;

/**
 * The total for the 'Berechnen' button: only when eyes + verbal + motor is above 0 (docs/spec/services.md §4);
 * a part not chosen counts 0, a part out of range is ignored.
 */
export function gcsTotal(eyes: number | null | undefined, verbal: number | null | undefined, motor: number | null | undefined): number | null {
  const sum = part(eyes, 4) + part(verbal, 5) + part(motor, 6);
  return sum > 0 ? sum : null;
}

/** The German description of one level, e.g. gcsLabel('motor', 5) → 'Gezielte Schmerzabwehr'. */
export function gcsLabel(component: 'eyes' | 'verbal' | 'motor', score: number): string | null {
  const levels = component === 'eyes' ? gcsEyes : component === 'verbal' ? gcsVerbal : gcsMotor;
  return levels.find((l) => l.score === score)?.label ?? null;
}
