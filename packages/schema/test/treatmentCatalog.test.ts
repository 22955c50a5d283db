import { describe, expect, it } from 'vitest';
import {
  allTreatmentTemplates, placeholderDefinition, placeholderOptions, placeholderOrder, placeholdersInTextOrder, quickMeasures, quickMeasureTemplates,
  searchTreatments, templateDisplayText, treatmentCatalog, treatmentSchemaIds, treatmentSearchLimit,
} from '../src';

const values = (key: keyof typeof placeholderOptions) => placeholderOptions[key].map((o) => o.value);

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

  it('follows xABCDE: X, A, B, C, D, E in that order', () => {
    const xabcde = treatmentCatalog.find((s) => s.id === 'xabcde');
    expect(xabcde?.categories.map((c) => c.id)).toEqual(['x', 'a', 'b', 'c', 'd', 'e']);
    expect(xabcde?.categories.map((c) => c.name.slice(0, 1))).toEqual(['X', 'A', 'B', 'C', 'D', 'E']);
  });

  it('has option lists of exactly the sizes of docs/spec/services.md §3', () => {
    const sizes = Object.fromEntries(Object.entries(placeholderOptions).map(([key, options]) => [key, options.length]));
    expect(sizes).toMatchObject({
      bodyRegion: 5, side: 2, cannulaGauge: 7, infusionSolution: 5, volume: 5, oxygenAmount: 8, oxygenType: 3, splintType: 6, immobilisedArea: 8,
      guedelSize: 6, tubeSize: 14, tourniquetTime: 6, positioning: 6, monitoringType: 5, monitoringInterval: 6, woundCareType: 6,
    });
    expect(values('side')).toEqual(['links', 'rechts']);
    expect(values('guedelSize')).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(values('tubeSize')).toEqual(['2,5 mm', '3,0 mm', '3,5 mm', '4,0 mm', '4,5 mm', '5,0 mm', '5,5 mm', '6,0 mm', '6,5 mm', '7,0 mm', '7,5 mm', '8,0 mm', '8,5 mm', '9,0 mm']);
    for (const key of ['gastricTubeSize', 'bladderCatheterSize', 'chestDrainSize'] as const) {
      expect(values(key).length, key).toBeGreaterThanOrEqual(5);
      expect(values(key).every((v) => /^\d+ Ch$/.test(v)), key).toBe(true);
    }
    expect(values('laryngealMaskSize')).toEqual(['1', '1,5', '2', '2,5', '3', '4', '5']);
    for (const key of ['drugName', 'dose', 'route'] as const) expect(placeholderDefinition(key)).toMatchObject({ kind: 'text', options: [] });
    // Every list is free of duplicates, so a chosen option is unambiguous.
    for (const [key, options] of Object.entries(placeholderOptions)) expect(new Set(options.map((o) => o.value)).size, key).toBe(options.length);
  });

  it('colour-codes the venous cannulas as the ISO colour code does', () => {
    expect(placeholderOptions.cannulaGauge.map((o) => [o.value, o.color])).toEqual([
      ['24 G (gelb)', 'yellow'], ['22 G (blau)', 'blue'], ['20 G (rosa)', 'pink'], ['18 G (grün)', 'green'],
      ['17 G (weiß)', 'white'], ['16 G (grau)', 'gray'], ['14 G (orange)', 'orange'],
    ]);
  });

  it('asks a question for every placeholder and uses every placeholder, in the fixed wizard order', () => {
    for (const key of placeholderOrder) expect(placeholderDefinition(key).label.length, key).toBeGreaterThan(0);
    const used = new Set(allTreatmentTemplates.flatMap((t) => t.placeholders));
    expect([...placeholderOrder].filter((key) => !used.has(key))).toEqual([]);
    for (const template of allTreatmentTemplates) expect(placeholdersInTextOrder(template.text), template.text).toEqual([...template.placeholders]);
  });

  it('keeps medically impossible combinations out of the sentences', () => {
    // A tourniquet goes on a limb only, so its sentences never offer head, neck or trunk.
    const tourniquet = allTreatmentTemplates.filter((t) => t.text.includes('Tourniquet'));
    expect(tourniquet.length).toBeGreaterThanOrEqual(3);
    for (const t of tourniquet) expect(t.placeholders, t.text).not.toContain('bodyRegion');
    expect(allTreatmentTemplates.some((t) => t.placeholders.includes('tourniquetTime'))).toBe(true);
    // Splints hold limbs; spine and whole body have their own devices.
    expect(values('immobilisedArea')).not.toContain('Halswirbelsäule');
    expect(allTreatmentTemplates.map((t) => t.text)).toEqual(expect.arrayContaining(['Halswirbelsäule mit Zervikalstütze immobilisiert', 'Immobilisation auf Vakuummatratze']));
    // Measures beyond a medic's competence are documented as assistance or on medical order.
    for (const t of allTreatmentTemplates.filter((x) => /Intubation|Thoraxdrainage|Entlastungspunktion|intraossär/.test(x.text))) expect(t.text).toMatch(/^Assistenz/);
  });

  it('has 21 quick measures, each one tap', () => {
    expect(quickMeasures).toHaveLength(21);
    expect(new Set(quickMeasures).size).toBe(21);
    expect(quickMeasureTemplates).toHaveLength(21);
    expect(quickMeasureTemplates.every((t) => t.placeholders.length === 0 && !t.text.includes('{'))).toBe(true);
  });

  it('shows placeholders as their questions', () => {
    expect(templateDisplayText('Sauerstoffgabe {oxygenAmount} über {oxygenType}')).toBe('Sauerstoffgabe [Sauerstoffmenge] über [Sauerstoffapplikation]');
    expect(templateDisplayText('Blutzucker gemessen')).toBe('Blutzucker gemessen');
  });
});

describe('treatment search', () => {
  it('finds nothing for an empty query', () => {
    expect(searchTreatments('')).toEqual([]);
    expect(searchTreatments('   ')).toEqual([]);
  });

  it('searches case- and umlaut-insensitively, every word must occur', () => {
    const kuehl = searchTreatments('kuhl');
    expect(kuehl.length).toBeGreaterThan(0);
    expect(kuehl.every((t) => /kühl/i.test(t.text))).toBe(true);
    expect(searchTreatments('GUEDEL').every((t) => t.text.includes('Guedel'))).toBe(true);
    const access = 'Periphervenöser Zugang gelegt: {bodyRegion} {side}, {cannulaGauge}';
    expect(searchTreatments('zugang venos').map((t) => t.text)).toContain(access);
    expect(searchTreatments('verweilkanule').map((t) => t.text)).toEqual([access]); // the placeholder's question counts too
    expect(searchTreatments('tourniquet bein').map((t) => t.text)).toEqual(['Tourniquet am Bein {side} angelegt, Uhrzeit auf dem Tourniquet vermerkt']);
    expect(searchTreatments('Sauerstoff')[0]?.text.startsWith('Sauerstoff')).toBe(true);
  });

  it('returns at most 20 results, each sentence once', () => {
    expect(treatmentSearchLimit).toBe(20);
    const broad = searchTreatments('e');
    expect(allTreatmentTemplates.filter((t) => t.text.toLowerCase().includes('e')).length).toBeGreaterThan(20);
    expect(broad).toHaveLength(20);
    expect(new Set(broad.map((t) => t.text)).size).toBe(20);
    expect(searchTreatments('a', 50)).toHaveLength(20);
    expect(searchTreatments('a', 5)).toHaveLength(5);
  });
});
