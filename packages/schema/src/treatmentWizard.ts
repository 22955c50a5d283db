import type { TreatmentTemplate } from './treatmentCatalog';
import type { PlaceholderDefinition, PlaceholderKey } from './treatmentOptions';
import { placeholderDefinition } from './treatmentOptions';

/**
 * The parameter wizard of the treatment editor (docs/spec/services.md §4) as a pure state machine: the
 * placeholders in fixed order, back navigation, choosing an option advances, a free-text step
 * needs non-empty text, a preview when all are filled. The screen only renders the state.
 */

export const wizardMessages = {
  chooseOption: 'Bitte wählen Sie eine Option aus',
  textRequired: 'Bitte geben Sie einen Wert ein',
  textLong: 'Der Wert darf höchstens 100 Zeichen lang sein',
  customRequired: 'Die Maßnahme darf nicht leer sein',
} as const;

export interface WizardState {
  template: TreatmentTemplate;
  /** Index into template.placeholders; equal to its length in the preview. */
  step: number;
  values: Partial<Record<PlaceholderKey, string>>;
  /** Text typed at the current free-text step, not yet confirmed. */
  draft: string;
  error: string | null;
}

export type WizardAction =
  | { type: 'choose'; value: string }
  | { type: 'type'; text: string }
  | { type: 'next' }
  | { type: 'back' };

const draftFor = (template: TreatmentTemplate, step: number, values: WizardState['values']) => {
  const key = template.placeholders[step];
  return key && placeholderDefinition(key).kind === 'text' ? (values[key] ?? '') : '';
};

/** A template without placeholders starts in the preview. */
export function startWizard(template: TreatmentTemplate): WizardState {
  return { template, step: 0, values: {}, draft: draftFor(template, 0, {}), error: null };
}

export const isWizardComplete = (state: WizardState): boolean => state.step >= state.template.placeholders.length;

/** The question of the current step, or null in the preview. */
export function currentWizardStep(state: WizardState): PlaceholderDefinition | null {
  const key = state.template.placeholders[state.step];
  return key ? placeholderDefinition(key) : null;
}

/** "Schritt 2 von 3" */
export const wizardProgress = (state: WizardState) => ({ step: Math.min(state.step + 1, state.template.placeholders.length), of: state.template.placeholders.length });

function advance(state: WizardState, key: PlaceholderKey, value: string): WizardState {
  const values = { ...state.values, [key]: value };
  const step = state.step + 1;
  return { ...state, values, step, draft: draftFor(state.template, step, values), error: null };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  const step = currentWizardStep(state);
  switch (action.type) {
    case 'choose': {
      if (!step || step.kind !== 'options') return state;
      if (!step.options.some((o) => o.value === action.value)) return { ...state, error: wizardMessages.chooseOption };
      return advance(state, step.key, action.value);
    }
    case 'type':
      return step?.kind === 'text' ? { ...state, draft: action.text, error: null } : state;
    case 'next': {
      if (!step) return state;
      if (step.kind === 'options') {
        const chosen = state.values[step.key];
        return chosen ? advance(state, step.key, chosen) : { ...state, error: wizardMessages.chooseOption };
      }
      const text = state.draft.trim();
      if (!text) return { ...state, error: wizardMessages.textRequired };
      if (text.length > 100) return { ...state, error: wizardMessages.textLong };
      return advance(state, step.key, text);
    }
    case 'back': {
      if (state.step === 0) return { ...state, error: null };
      const previous = state.step - 1;
      return { ...state, step: previous, draft: draftFor(state.template, previous, state.values), error: null };
    }
  }
}

/** The sentence with every placeholder filled; a missing one shows as '…'. */
export function fillTemplate(text: string, values: Partial<Record<PlaceholderKey, string>>): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (_, key: string) => values[key as PlaceholderKey]?.trim() || '…');
}

/** The preview and the text 'Hinzufügen' appends, once every step is filled; else null. */
export function wizardResult(state: WizardState): string | null {
  return isWizardComplete(state) ? fillTemplate(state.template.text, state.values) : null;
}

/** A custom entry: the trimmed text, or the message when it is empty (docs/spec/services.md §4). */
export function customEntryText(text: string): { ok: true; text: string } | { ok: false; message: string } {
  const trimmed = text.trim();
  return trimmed ? { ok: true, text: trimmed } : { ok: false, message: wizardMessages.customRequired };
}
