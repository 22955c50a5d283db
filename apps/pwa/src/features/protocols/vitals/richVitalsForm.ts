import type { RichVitalsEntry, VitalParameterType, VitalValueData } from '@sanidok/schema';
import { hasVitalDecimals, richFormToValues, skinStatusOptions, vitalValueProblem } from '@sanidok/schema';

/**
 * State of the rich dialog 'Neue Vitalparameter-Messung' (docs/spec/services.md §2, §4): one checkbox per
 * parameter (the pupil fields share one; typing a value ticks it, see `withTyped`), the typed text of each input, the GCS total once
 * 'Berechnen' was pressed, the pain score and the skin findings.
 */

/** What a checkbox enables. */
export const richToggles = [
  'blood_pressure', 'heart_rate', 'respiratory_rate', 'oxygen_saturation', 'temperature', 'blood_glucose', 'capillary_refill',
  'gcs', 'pain_scale', 'avpu', 'pupils', 'skin_status', 'notes',
] as const;
export type RichToggle = (typeof richToggles)[number];

/** Inputs that hold text (numbers are typed, option lists chosen). */
export const richTextFields = [
  'systolic', 'diastolic', 'heart_rate', 'respiratory_rate', 'oxygen_saturation', 'temperature', 'blood_glucose', 'capillary_refill',
  'gcs_eyes', 'gcs_verbal', 'gcs_motor', 'avpu',
  'pupils_left_size', 'pupils_right_size', 'pupils_left_reaction', 'pupils_right_reaction', 'pupils_equality', 'notes',
] as const;
export type RichTextField = (typeof richTextFields)[number];

export interface RichVitalsState {
  enabled: Record<RichToggle, boolean>;
  text: Record<RichTextField, string>;
  /** Set only by 'Berechnen'; cleared when a GCS part changes, so a stale total is never saved. */
  gcsTotal: number | null;
  pain: number | null;
  skin: string[];
}

export function emptyRichVitals(): RichVitalsState {
  return {
    enabled: Object.fromEntries(richToggles.map((k) => [k, false])) as Record<RichToggle, boolean>,
    text: Object.fromEntries(richTextFields.map((k) => [k, ''])) as Record<RichTextField, string>,
    gcsTotal: null,
    pain: null,
    skin: [],
  };
}

/** Numbers the medic may type with a German decimal comma; stored with a point like the simple form. */
const normalised = (field: RichTextField, text: string) => (hasVitalDecimals(field) ? text.trim().replace(',', '.') : text);

/** Which checkbox governs a value of this type. */
export function toggleOf(type: VitalParameterType): RichToggle {
  if (type.startsWith('gcs')) return 'gcs';
  if (type.startsWith('pupils')) return 'pupils';
  return type as RichToggle;
}

/** The values to save, in the form's order; empty means 'Keine Daten'. */
export function richStateToValues(state: RichVitalsState): VitalValueData[] {
  const { enabled, text } = state;
  const entry = (parameterType: VitalParameterType, value: string | number | null): RichVitalsEntry => ({
    parameterType,
    enabled: enabled[toggleOf(parameterType)],
    value: typeof value === 'string' ? normalised(parameterType as RichTextField, value) : value,
  });
  return richFormToValues(
    [
      entry('heart_rate', text.heart_rate),
      entry('respiratory_rate', text.respiratory_rate),
      entry('oxygen_saturation', text.oxygen_saturation),
      entry('temperature', text.temperature),
      entry('blood_glucose', text.blood_glucose),
      entry('capillary_refill', text.capillary_refill),
      entry('gcs', state.gcsTotal),
      entry('gcs_eyes', text.gcs_eyes),
      entry('gcs_verbal', text.gcs_verbal),
      entry('gcs_motor', text.gcs_motor),
      entry('pain_scale', state.pain),
      entry('avpu', text.avpu),
      entry('pupils_left_size', text.pupils_left_size),
      entry('pupils_right_size', text.pupils_right_size),
      entry('pupils_left_reaction', text.pupils_left_reaction),
      entry('pupils_right_reaction', text.pupils_right_reaction),
      entry('pupils_equality', text.pupils_equality),
      entry('skin_status', state.skin.join(', ')),
      entry('notes', text.notes),
    ],
    { enabled: enabled.blood_pressure, systolic: text.systolic, diastolic: text.diastolic },
  );
}

/** The first problem per checkbox (shown at its inputs), checked with the shared value rules. */
export function richValueProblems(values: readonly VitalValueData[]): RichProblems {
  const problems: RichProblems = {};
  for (const value of values) {
    const problem = vitalValueProblem(value.parameterType, value.value);
    const toggle = toggleOf(value.parameterType);
    if (problem && !problems[toggle]) problems[toggle] = problem;
  }
  return problems;
}

/** How the inputs change the form; stable across renders, so unchanged parameters skip rendering. */
export interface RichFormActions {
  setEnabled: (toggle: RichToggle, enabled: boolean) => void;
  setText: (field: RichTextField, text: string) => void;
  setPain: (score: number) => void;
  setSkin: (findings: string[]) => void;
  /** 'Berechnen': the total, or null when no part was chosen (then nothing is computed). */
  setGcsTotal: (total: number | null) => void;
}

export type RichProblems = Partial<Record<RichToggle, string>>;

/** What each tab of the rich dialog receives. */
export interface RichTabProps {
  state: RichVitalsState;
  errors: RichProblems;
  actions: RichFormActions;
}

export type RichVitalsAction =
  | { type: 'enable'; toggle: RichToggle; enabled: boolean }
  | { type: 'text'; field: RichTextField; text: string }
  | { type: 'pain'; score: number }
  | { type: 'skin'; findings: string[] }
  | { type: 'gcsTotal'; total: number | null }
  | { type: 'reset' }
  /** The values of a draft kept on the device (features/shared/useValueDraft.ts). */
  | { type: 'restore'; state: RichVitalsState };

const gcsParts = new Set<RichTextField>(['gcs_eyes', 'gcs_verbal', 'gcs_motor']);

/**
 * Typing is enough: a value ticks its parameter, and emptying every input of a
 * parameter unticks it. The checkbox stays, to leave a typed value out without deleting it.
 */
function withTyped(state: RichVitalsState, field: RichTextField, text: string): RichVitalsState {
  const textState = { ...state.text, [field]: text };
  const toggle = toggleOfField(field);
  const typed = richTextFields.some((f) => toggleOfField(f) === toggle && textState[f].trim() !== '');
  // A changed GCS part makes the computed total stale: it has to be computed again.
  return { ...state, text: textState, enabled: { ...state.enabled, [toggle]: typed }, gcsTotal: gcsParts.has(field) ? null : state.gcsTotal };
}

export function richVitalsReducer(state: RichVitalsState, action: RichVitalsAction): RichVitalsState {
  switch (action.type) {
    case 'enable':
      return { ...state, enabled: { ...state.enabled, [action.toggle]: action.enabled } };
    case 'text':
      return withTyped(state, action.field, action.text);
    case 'pain':
      return { ...state, pain: action.score, enabled: { ...state.enabled, pain_scale: true } };
    case 'skin': {
      const skin = skinStatusOptions.filter((o) => action.findings.includes(o));
      return { ...state, skin, enabled: { ...state.enabled, skin_status: skin.length > 0 } };
    }
    case 'gcsTotal':
      return { ...state, gcsTotal: action.total };
    case 'reset':
      return emptyRichVitals();
    case 'restore':
      return action.state;
  }
}

/** The checkbox an input belongs to (its message is cleared when the input changes). */
export function toggleOfField(field: RichTextField): RichToggle {
  if (field === 'systolic' || field === 'diastolic') return 'blood_pressure';
  return toggleOf(field);
}

/** Which tab holds the inputs of a checkbox (to show the first problem). */
export function tabOf(toggle: RichToggle): 'basic' | 'extended' | 'notes' {
  if (toggle === 'notes') return 'notes';
  return ['gcs', 'pain_scale', 'avpu', 'pupils', 'skin_status'].includes(toggle) ? 'extended' : 'basic';
}
