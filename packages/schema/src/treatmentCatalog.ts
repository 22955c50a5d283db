import type { TreatmentSchemaId } from './treatmentCatalogData';
import { quickMeasures, treatmentCatalogData } from './treatmentCatalogData';
import type { PlaceholderKey } from './treatmentOptions';
import { isPlaceholderKey, placeholderDefinition, placeholderOrder } from './treatmentOptions';

export { quickMeasures, treatmentSchemaIds } from './treatmentCatalogData';
export type { TreatmentSchemaId } from './treatmentCatalogData';

/**
 * The treatment catalogue of the treatment editor (docs/spec/services.md §3, §4): schemas → categories →
 * preset sentences with placeholders, and the search over it (at most 20 results, docs/spec/services.md §9).
 */

export interface TreatmentTemplate {
  /** Stable: schema.category.index. */
  id: string;
  text: string;
  schemaId: TreatmentSchemaId;
  schemaName: string;
  categoryId: string;
  categoryName: string;
  /** The placeholders in the order the wizard asks for them. */
  placeholders: readonly PlaceholderKey[];
}

export interface TreatmentCategory {
  id: string;
  name: string;
  treatments: readonly TreatmentTemplate[];
}

export interface TreatmentSchema {
  id: TreatmentSchemaId;
  name: string;
  categories: readonly TreatmentCategory[];
}

const placeholderPattern = /\{([a-zA-Z]+)\}/g;

/** The distinct placeholders of a sentence, in the fixed order of `placeholderOrder`. */
export function placeholdersOf(text: string): PlaceholderKey[] {
  const found = new Set<PlaceholderKey>();
  for (const match of text.matchAll(placeholderPattern)) {
    const key = match[1] ?? '';
    if (!isPlaceholderKey(key)) throw new Error(`Unbekannter Platzhalter {${key}} in „${text}“`);
    found.add(key);
  }
  return placeholderOrder.filter((key) => found.has(key));
}

/** A sentence as the catalogue shows it: each placeholder as its question in brackets. */
export function templateDisplayText(text: string): string {
  return text.replace(placeholderPattern, (whole, key: string) => (isPlaceholderKey(key) ? `[${placeholderDefinition(key).label}]` : whole));
}

/**
 * A sentence as a report names the measure it counts: the values differ from entry to entry, so
 * each placeholder (a run of them) is '…' — 'Sauerstoffgabe … über …', not the catalogue's
 * questions in brackets, which read like an unfilled form in the printed event report.
 */
export function templateSummaryText(text: string): string {
  return text.replace(placeholderPattern, '…').replace(/…(\s*…)+/g, '…');
}

/** The placeholders in the order they appear in the sentence (a catalogue check). */
export function placeholdersInTextOrder(text: string): string[] {
  return [...new Set([...text.matchAll(placeholderPattern)].map((m) => m[1] ?? ''))];
}

export const treatmentCatalog: readonly TreatmentSchema[] = treatmentCatalogData.map((schema) => ({
  id: schema.id,
  name: schema.name,
  categories: schema.categories.map((category) => ({
    id: category.id,
    name: category.name,
    treatments: category.items.map((text, index) => ({
      id: `${schema.id}.${category.id}.${index}`,
      text,
      schemaId: schema.id,
      schemaName: schema.name,
      categoryId: category.id,
      categoryName: category.name,
      placeholders: placeholdersOf(text),
    })),
  })),
}));

export const allTreatmentTemplates: readonly TreatmentTemplate[] = treatmentCatalog.flatMap((s) => s.categories.flatMap((c) => c.treatments));

export const findTreatmentTemplate = (id: string): TreatmentTemplate | undefined => allTreatmentTemplates.find((t) => t.id === id);

export const treatmentSearchLimit = 20;

/** Lower case, umlauts and ß folded: 'kuhl' finds 'Kühlpack', 'strasse' finds 'Straße'. */
export function foldForSearch(text: string): string {
  return text.toLocaleLowerCase('de-DE').replace(/ß/g, 'ss').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** What a template is found by: its sentence with the placeholders' questions, category, schema. */
const searchText = new Map(
  allTreatmentTemplates.map((t) => [
    t.id,
    foldForSearch(`${t.text.replace(placeholderPattern, (_, key: string) => (isPlaceholderKey(key) ? placeholderDefinition(key).label : ''))} ${t.categoryName} ${t.schemaName}`),
  ]),
);

/**
 * Every word of the query must occur. Sentences starting with the query come first, then the
 * catalogue order; duplicates across schemas appear once. At most 20 (docs/spec/services.md §9).
 */
export function searchTreatments(query: string, limit = treatmentSearchLimit): TreatmentTemplate[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const seen = new Set<string>();
  const matches = allTreatmentTemplates.filter((t) => {
    const haystack = searchText.get(t.id) ?? '';
    if (!words.every((w) => haystack.includes(w)) || seen.has(t.text)) return false;
    seen.add(t.text);
    return true;
  });
  const first = foldForSearch(query.trim());
  const starts = matches.filter((t) => foldForSearch(t.text).startsWith(first));
  const rest = matches.filter((t) => !foldForSearch(t.text).startsWith(first));
  return [...starts, ...rest].slice(0, Math.min(limit, treatmentSearchLimit));
}

/** Quick measures as templates without placeholders, for one code path in the editor. */
export const quickMeasureTemplates: readonly TreatmentTemplate[] = quickMeasures.map((text, index) => ({
  id: `quick.${index}`,
  text,
  schemaId: 'general',
  schemaName: 'Schnellmaßnahmen',
  categoryId: 'quick',
  categoryName: 'Schnellmaßnahmen',
  placeholders: [],
}));

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each catalogue sentence as a pattern: the literal words, any answer where a placeholder stood. */
const templatePatterns: readonly { template: TreatmentTemplate; pattern: RegExp }[] = [...allTreatmentTemplates, ...quickMeasureTemplates].map((template) => ({
  template,
  pattern: new RegExp(`^${template.text.split(placeholderPattern).map((part, i) => (i % 2 === 1 ? '.*?' : escapeRegExp(part))).join('')}$`, 's'),
}));

/**
 * The catalogue sentence a documented measure was made from, if any (the event report counts
 * measures by it). Entries typed freely or edited away from the sentence match none;
 * their text is never reported, since free text may name a person.
 */
export function matchTreatmentTemplate(text: string): TreatmentTemplate | undefined {
  const trimmed = text.trim();
  return templatePatterns.find(({ pattern }) => pattern.test(trimmed))?.template;
}
