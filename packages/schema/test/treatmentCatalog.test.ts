import { describe, expect, it } from 'vitest';
import {
  allTreatmentTemplates, customEntryText, currentWizardStep, fillTemplate, findTreatmentTemplate, placeholderDefinition, placeholderOptions,
  placeholderOrder, placeholdersInTextOrder, quickMeasures, quickMeasureTemplates, searchTreatments, startWizard, treatmentCatalog,
  treatmentSchemaIds, wizardReducer, wizardResult,
} from '../src';
import type { WizardAction, WizardState } from '../src';

describe('treatment catalogue', () => {
  it('has the six schemas, each with categories of sentences', () => {
    expect(treatmentCatalog.map((s) => s.id)).toEqual([...treatmentSchemaIds]);
    expect(treatmentSchemaIds).toEqual(['xabcde', 'trauma', 'resuscitation', 'general', 'airway', 'urogenital']);
    for (const schema of treatmentCatalog) {
      expect(schema.categories.length).toBeGreaterThanOrEqual(3);
      for (const category of schema.categories) expect(category.treatments.length).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(allTreatmentTemplates.map((t) => t.id)).size).toBe(allTreatmentTemplates.length);
  });

  it('has option lists of exactly the sizes of spec 2 §3', () => {
    const sizes = Object.fromEntries(Object.entries(placeholderOptions).map(([key, options]) => [key, options.length]));
    expect(sizes).toMatchObject({
      bodyRegion: 5, side: 2, cannulaGauge: 7, infusionSolution: 5, volume: 5, oxygenAmount: 8, oxygenType: 3, splintType: 6, immobilisedArea: 8,
      guedelSize: 6, tourniquetTime: 6, positioning: 6, monitoringType: 5, monitoringInterval: 6, woundCareType: 6,
    });
    expect(placeholderOptions.side.map((o) => o.value)).toEqual(['links', 'rechts']);
    expect(placeholderOptions.guedelSize.map((o) => o.value)).toEqual(['0', '1', '2', '3', '4', '5']);
    const tubes = placeholderOptions.tubeSize.map((o) => o.value);
    expect([tubes[0], tubes.at(-1), tubes.length]).toEqual(['2,5 mm', '9,0 mm', 14]);
    expect(placeholderOptions.cannulaGauge.every((o) => o.color)).toBe(true);
    for (const key of ['gastricTubeSize', 'bladderCatheterSize', 'chestDrainSize'] as const) expect(placeholderOptions[key].every((o) => o.value.endsWith(' Ch'))).toBe(true);
    expect(placeholderOptions.laryngealMaskSize.length).toBeGreaterThan(0);
    for (const key of ['drugName', 'dose', 'route'] as const) expect(placeholderDefinition(key)).toMatchObject({ kind: 'text', options: [] });
  });

  it('uses every placeholder, each in the fixed wizard order', () => {
    const used = new Set(allTreatmentTemplates.flatMap((t) => t.placeholders));
    expect([...placeholderOrder].filter((key) => !used.has(key))).toEqual([]);
    for (const template of allTreatmentTemplates) expect(placeholdersInTextOrder(template.text), template.text).toEqual([...template.placeholders]);
  });

  it('has 21 quick measures', () => {
    expect(quickMeasures).toHaveLength(21);
    expect(new Set(quickMeasures).size).toBe(21);
    expect(quickMeasureTemplates.every((t) => t.placeholders.length === 0)).toBe(true);
  });

  it('searches case- and umlaut-insensitively, at most 20 results', () => {
    expect(searchTreatments('')).toEqual([]);
    expect(searchTreatments('   ')).toEqual([]);
    const kuehl = searchTreatments('kuhl');
    expect(kuehl.length).toBeGreaterThan(0);
    expect(kuehl.every((t) => /kühl|Kühl/.test(`${t.text}`))).toBe(true);
    expect(searchTreatments('GUEDEL').every((t) => t.text.includes('Guedel'))).toBe(true);
    const access = 'Periphervenöser Zugang gelegt: {bodyRegion} {side}, {cannulaGauge}';
    expect(searchTreatments('zugang venos').map((t) => t.text)).toContain(access);
    expect(searchTreatments('verweilkanule').map((t) => t.text)).toEqual([access]); // the placeholder's question counts too
    const broad = searchTreatments('e');
    expect(broad).toHaveLength(20);
    expect(new Set(broad.map((t) => t.text)).size).toBe(20);
    expect(searchTreatments('a', 50)).toHaveLength(20);
    expect(searchTreatments('Sauerstoff')[0]?.text.startsWith('Sauerstoff')).toBe(true);
  });
});

describe('parameter wizard', () => {
  const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
  const access = findTreatmentTemplate('xabcde.c.2');
  const drug = allTreatmentTemplates.find((t) => t.text === 'Medikamentengabe: {drugName} {dose} {route}');

  it('asks the placeholders in fixed order; choosing an option advances; preview when complete', () => {
    if (!access) throw new Error('Vorlage fehlt');
    let state = startWizard(access);
    expect(currentWizardStep(state)?.key).toBe('bodyRegion');
    state = run(state, { type: 'choose', value: 'Arm' });
    expect(currentWizardStep(state)?.key).toBe('side');
    expect(wizardResult(state)).toBeNull();
    state = run(state, { type: 'choose', value: 'gibt es nicht' });
    expect(state.error).toBe('Bitte wählen Sie eine Option aus');
    expect(currentWizardStep(state)?.key).toBe('side');
    state = run(state, { type: 'choose', value: 'links' }, { type: 'choose', value: '18 G (grün)' });
    expect(currentWizardStep(state)).toBeNull();
    expect(wizardResult(state)).toBe('Periphervenöser Zugang gelegt: Arm links, 18 G (grün)');

    // Back from the preview keeps the answers; a new choice replaces one.
    state = run(state, { type: 'back' }, { type: 'back' });
    expect(currentWizardStep(state)?.key).toBe('side');
    state = run(state, { type: 'choose', value: 'rechts' }, { type: 'next' });
    expect(wizardResult(state)).toBe('Periphervenöser Zugang gelegt: Arm rechts, 18 G (grün)');
    expect(run(startWizard(access), { type: 'back' }).step).toBe(0);
  });

  it('needs non-empty text at free-text steps', () => {
    if (!drug) throw new Error('Vorlage fehlt');
    let state = run(startWizard(drug), { type: 'type', text: '   ' }, { type: 'next' });
    expect(state.error).toBe('Bitte geben Sie einen Wert ein');
    expect(currentWizardStep(state)?.key).toBe('drugName');
    state = run(state, { type: 'type', text: ' Glukose 40 % ' }, { type: 'next' }, { type: 'type', text: '8 g' }, { type: 'next' });
    expect(state.draft).toBe('');
    state = run(state, { type: 'choose', value: 'i.v.' });
    expect(currentWizardStep(state)?.key).toBe('route');
    state = run(state, { type: 'type', text: 'i.v.' }, { type: 'next' });
    expect(wizardResult(state)).toBe('Medikamentengabe: Glukose 40 % 8 g i.v.');
    state = run(state, { type: 'back' });
    expect(state.draft).toBe('i.v.');
  });

  it('previews a sentence without placeholders at once and fills templates', () => {
    const plain = allTreatmentTemplates.find((t) => t.placeholders.length === 0);
    if (!plain) throw new Error('Vorlage fehlt');
    expect(wizardResult(startWizard(plain))).toBe(plain.text);
    expect(fillTemplate('Sauerstoffgabe {oxygenAmount} über {oxygenType}', { oxygenAmount: '4 l/min' })).toBe('Sauerstoffgabe 4 l/min über …');
    expect(customEntryText('  ')).toEqual({ ok: false, message: 'Die Maßnahme darf nicht leer sein' });
    expect(customEntryText(' Zecke entfernt ')).toEqual({ ok: true, text: 'Zecke entfernt' });
  });
});
