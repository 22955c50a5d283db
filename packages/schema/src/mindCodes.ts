/**
 * Coded assessment fields of a protocol: the NACA score and a diagnosis group, as the DIVI
 * Notfalleinsatzprotokoll and its data set MIND 3.1 ask for them (docs/mind.md maps each field to
 * its MIND element and names what could not be verified).
 *
 * Sources:
 * - NACA 0–VII with the German wording used on DIVI protocols and in MIND 3.1 (Tryba's scale as
 *   the DIVI protocol prints it); the Swiss CH EMS IG names the same scale (LOINC 88076-5,
 *   "Injury severity score NACA").
 * - Diagnosis groups: the Erstdiagnose blocks of the DIVI Notfalleinsatzprotokoll (Trauma,
 *   Erkrankung: ZNS / Herz-Kreislauf / Atmung / Psychiatrie / Stoffwechsel …), condensed to the
 *   groups a Sanitätsdienst at an event sees (Intoxikation by alcohol or drugs, Hitze/Kälte), as
 *   the domain notes in docs/mind.md describe. Not a MIND code list: MIND codes each diagnosis,
 *   this is the group an event report counts by.
 *
 * Stored as text codes ('0'–'7', the group keys), so they travel like every other clinical field
 * (one field list in ./protocols.ts: form, mutation, server column, history, sealing).
 */

export const nacaScores = ['0', '1', '2', '3', '4', '5', '6', '7'] as const;
export type NacaScore = (typeof nacaScores)[number];

/** The score as the DIVI protocol prints it: roman numerals from I. */
export const nacaRoman: Record<NacaScore, string> = { 0: '0', 1: 'I', 2: 'II', 3: 'III', 4: 'IV', 5: 'V', 6: 'VI', 7: 'VII' };

export const nacaDefinitions: Record<NacaScore, string> = {
  0: 'Keine Verletzung oder Erkrankung',
  1: 'Geringfügige Störung, keine ärztliche Intervention erforderlich',
  2: 'Ambulante Abklärung oder Behandlung, keine notärztlichen Maßnahmen erforderlich',
  3: 'Stationäre Behandlung erforderlich, keine akute Lebensgefahr',
  4: 'Akute Lebensgefahr nicht auszuschließen',
  5: 'Akute Lebensgefahr',
  6: 'Reanimation',
  7: 'Tod',
};

/** 'NACA IV – Akute Lebensgefahr nicht auszuschließen': the option label, the print and the report. */
export const nacaLabel = (score: NacaScore): string => `NACA ${nacaRoman[score]} – ${nacaDefinitions[score]}`;

export const diagnosisGroups = ['trauma', 'internal', 'neuro', 'alcohol', 'drugs', 'psych', 'heatCold', 'other'] as const;
export type DiagnosisGroup = (typeof diagnosisGroups)[number];

export const diagnosisGroupLabels: Record<DiagnosisGroup, string> = {
  trauma: 'Verletzung (Trauma)',
  internal: 'Internistische Erkrankung',
  neuro: 'Neurologische Erkrankung',
  alcohol: 'Intoxikation Alkohol',
  drugs: 'Intoxikation Drogen oder Medikamente',
  psych: 'Psychiatrischer Notfall',
  heatCold: 'Hitze- oder Kälteschaden',
  other: 'Sonstiges',
};

export const isNacaScore = (value: unknown): value is NacaScore => typeof value === 'string' && (nacaScores as readonly string[]).includes(value);
export const isDiagnosisGroup = (value: unknown): value is DiagnosisGroup => typeof value === 'string' && (diagnosisGroups as readonly string[]).includes(value);

/** The stored code's label; unknown codes (a newer app's) shown as they are, empty as null. */
export function nacaText(value: string | null | undefined): string | null {
  if (!value) return null;
  return isNacaScore(value) ? nacaLabel(value) : value;
}

export function diagnosisGroupText(value: string | null | undefined): string | null {
  if (!value) return null;
  return isDiagnosisGroup(value) ? diagnosisGroupLabels[value] : value;
}
