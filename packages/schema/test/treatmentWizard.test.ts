import { describe, expect, it } from 'vitest';
import {
  allTreatmentTemplates, currentWizardStep, customEntryText, fillTemplate, findTreatmentTemplate, isWizardComplete, startWizard, wizardProgress,
  wizardReducer, wizardResult,
} from '../src';
import type { TreatmentTemplate, WizardAction, WizardState } from '../src';

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
function template(text: string): TreatmentTemplate {
  const found = allTreatmentTemplates.find((t) => t.text === text);
  if (!found) throw new Error(`Vorlage fehlt: ${text}`);
  return found;
}

describe('parameter wizard', () => {
  const access = template('Periphervenöser Zugang gelegt: {bodyRegion} {side}, {cannulaGauge}');
  const drug = template('Medikamentengabe: {drugName} {dose} {route}');

  it('asks the placeholders in fixed order, step x of n; choosing an option advances; preview when complete', () => {
    expect(findTreatmentTemplate(access.id)).toBe(access);
    let state = startWizard(access);
    expect(currentWizardStep(state)?.key).toBe('bodyRegion');
    expect(wizardProgress(state)).toEqual({ step: 1, of: 3 });
    state = run(state, { type: 'choose', value: 'Arm' });
    expect(currentWizardStep(state)?.key).toBe('side');
    expect(wizardProgress(state)).toEqual({ step: 2, of: 3 });
    expect(wizardResult(state)).toBeNull();
    state = run(state, { type: 'choose', value: 'gibt es nicht' });
    expect(state.error).toBe('Bitte wählen Sie eine Option aus');
    expect(currentWizardStep(state)?.key).toBe('side');
    state = run(state, { type: 'next' });
    expect(state.error).toBe('Bitte wählen Sie eine Option aus'); // 'Weiter' without a choice
    state = run(state, { type: 'choose', value: 'links' }, { type: 'choose', value: '18 G (grün)' });
    expect(currentWizardStep(state)).toBeNull();
    expect(isWizardComplete(state)).toBe(true);
    expect(wizardResult(state)).toBe('Periphervenöser Zugang gelegt: Arm links, 18 G (grün)');
  });

  it('goes back step by step, keeps the answers, and a new choice replaces one', () => {
    let state = run(startWizard(access), { type: 'choose', value: 'Arm' }, { type: 'choose', value: 'links' }, { type: 'choose', value: '18 G (grün)' });
    state = run(state, { type: 'back' });
    expect(currentWizardStep(state)?.key).toBe('cannulaGauge');
    expect(wizardResult(state)).toBeNull();
    state = run(state, { type: 'back' });
    expect(currentWizardStep(state)?.key).toBe('side');
    expect(state.values.side).toBe('links');
    state = run(state, { type: 'choose', value: 'rechts' }, { type: 'next' });
    expect(wizardResult(state)).toBe('Periphervenöser Zugang gelegt: Arm rechts, 18 G (grün)');
    // Back at the first step stays there.
    const first = run(startWizard(access), { type: 'back' });
    expect([first.step, first.error]).toEqual([0, null]);
  });

  it('needs non-empty text at free-text steps and keeps typed text when going back', () => {
    let state = run(startWizard(drug), { type: 'next' });
    expect(state.error).toBe('Bitte geben Sie einen Wert ein');
    state = run(state, { type: 'type', text: '   ' }, { type: 'next' });
    expect(state.error).toBe('Bitte geben Sie einen Wert ein');
    expect(currentWizardStep(state)).toMatchObject({ key: 'drugName', kind: 'text' });
    state = run(state, { type: 'type', text: 'x'.repeat(101) }, { type: 'next' });
    expect(state.error).toBe('Der Wert darf höchstens 100 Zeichen lang sein');
    state = run(state, { type: 'type', text: ' Glukose 40 % ' }, { type: 'next' }, { type: 'type', text: '8 g' }, { type: 'next' });
    expect(state.draft).toBe('');
    state = run(state, { type: 'choose', value: 'i.v.' }); // no options at a text step: ignored
    expect(currentWizardStep(state)?.key).toBe('route');
    state = run(state, { type: 'type', text: 'i.v.' }, { type: 'next' });
    expect(wizardResult(state)).toBe('Medikamentengabe: Glukose 40 % 8 g i.v.');
    state = run(state, { type: 'back' });
    expect(state.draft).toBe('i.v.');
    state = run(state, { type: 'back' });
    expect(state.draft).toBe('8 g');
  });

  it('previews a sentence without placeholders at once', () => {
    const plain = template('Blutzucker gemessen');
    const state = startWizard(plain);
    expect(isWizardComplete(state)).toBe(true);
    expect(wizardProgress(state)).toEqual({ step: 0, of: 0 });
    expect(wizardResult(state)).toBe('Blutzucker gemessen');
  });

  it('fills templates; a missing value shows as …', () => {
    expect(fillTemplate('Sauerstoffgabe {oxygenAmount} über {oxygenType}', { oxygenAmount: '4 l/min', oxygenType: 'Nasenbrille' })).toBe('Sauerstoffgabe 4 l/min über Nasenbrille');
    expect(fillTemplate('Sauerstoffgabe {oxygenAmount} über {oxygenType}', { oxygenAmount: '4 l/min' })).toBe('Sauerstoffgabe 4 l/min über …');
  });
});

describe('custom entries', () => {
  it('must not be empty after trimming', () => {
    expect(customEntryText('')).toEqual({ ok: false, message: 'Die Maßnahme darf nicht leer sein' });
    expect(customEntryText(' \n\t ')).toEqual({ ok: false, message: 'Die Maßnahme darf nicht leer sein' });
    expect(customEntryText(' Zecke entfernt ')).toEqual({ ok: true, text: 'Zecke entfernt' });
  });
});
