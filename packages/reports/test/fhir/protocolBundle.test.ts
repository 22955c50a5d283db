import type { Bundle, Composition, Condition, Encounter, Observation, Patient, Procedure, Reference, Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProtocolBundle } from '../../src/fhir/protocolBundle';
import { validateFhir } from '../../testing/fhirValidator';
import { input, protocol } from './exportFixture';

const resources = (bundle: Bundle) => (bundle.entry ?? []).map((e) => e.resource as Resource);
const ofType = <T extends Resource>(bundle: Bundle, type: T['resourceType']) => resources(bundle).filter((r): r is T => r.resourceType === type);
const treatmentOf = (i: typeof input) => {
  const [first] = i.treatments;
  if (!first) throw new Error('Fixture ohne Maßnahme');
  return first;
};
const codesOf = (o: Observation) => (o.code.coding ?? []).map((c) => c.code);

describe('FHIR R4 export of a patient protocol', () => {
  const bundle = buildProtocolBundle(input);
  // Builds the validator's indexes once for this file (slow: HL7's schema and StructureDefinitions).
  beforeAll(async () => {
    await validateFhir({ resourceType: 'Basic', code: { text: 'x' } });
  }, 120_000);

  it('passes the strict validator with 0 errors (testing/fhirValidator.ts: schema, invariants, vital-signs profiles, UCUM, references, displays)', async () => {
    expect(await validateFhir(bundle)).toEqual([]);
  }, 30_000);

  it('has a validator that finds errors (the 0 above is not vacuous; the corpus is test/fhir/brokenExports.ts)', async () => {
    const broken = { resourceType: 'Observation', code: { text: 'x' }, valueQuantity: { value: 'viel' } } as unknown as Resource;
    expect((await validateFhir(broken)).length).toBeGreaterThan(0);
    // Codes of required bindings, which the structure alone does not catch.
    expect(await validateFhir({ resourceType: 'Patient', text: { status: 'generated', div: '<div xmlns="http://www.w3.org/1999/xhtml">x</div>' }, gender: 'weiblich' } as unknown as Resource)).toContain('Patient.gender: „weiblich“ ist nicht in http://hl7.org/fhir/ValueSet/administrative-gender|4.0.1');
  });

  it('is a document: Composition first, identifier and timestamp, every reference resolves inside the Bundle', () => {
    expect(bundle.type).toBe('document');
    expect(bundle.identifier?.value).toBeTruthy();
    // Berlin time with its offset (docs/decisions.md "FHIR export: times in Europe/Berlin").
    expect(bundle.timestamp).toBe('2026-11-24T15:30:00+01:00');
    expect(bundle.entry?.[0]?.resource?.resourceType).toBe('Composition');
    const fullUrls = new Set((bundle.entry ?? []).map((e) => e.fullUrl));
    const references: string[] = [];
    JSON.stringify(bundle, (key, v: unknown) => {
      if (key === 'reference' && typeof v === 'string') references.push(v);
      return v;
    });
    expect(references.length).toBeGreaterThan(20);
    for (const reference of references) expect(fullUrls).toContain(reference);
    const composition = ofType<Composition>(bundle, 'Composition')[0];
    expect(composition?.author).toHaveLength(2);
    expect(composition?.section?.map((s) => [s.title, s.code?.coding?.[0]?.code])).toEqual([['Vitalzeichen', '8716-3'], ['Maßnahmen', '29554-3'], ['Befunde', '11450-4'], ['Allergien', '48765-2']]);
    // A narrative on every resource (dom-6), generated from its data.
    for (const resource of resources(bundle)) expect(['text' in resource && resource.text?.status, resource.resourceType]).toEqual(['generated', resource.resourceType]);
    expect(JSON.stringify(ofType<Observation>(bundle, 'Observation')[0]?.text)).toContain('Blutdruck: 185 mmHg / 95 mmHg (Critical high)');
  });

  it('codes vital signs with LOINC and UCUM, as the issue lists them', () => {
    const observations = ofType<Observation>(bundle, 'Observation');
    const byCode = (code: string) => observations.filter((o) => codesOf(o).includes(code));
    expect(byCode('8867-4')[0]?.valueQuantity).toEqual({ value: 88, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' });
    expect(byCode('9279-1')[0]?.valueQuantity?.code).toBe('/min');
    expect(codesOf(byCode('59408-5')[0] as Observation)).toEqual(['59408-5', '2708-6']);
    expect(byCode('59408-5')[0]?.valueQuantity?.code).toBe('%');
    expect(byCode('8310-5')[0]?.valueQuantity).toMatchObject({ value: 36.8, code: 'Cel' });
    expect(byCode('2339-0')[0]?.valueQuantity).toMatchObject({ value: 104, code: 'mg/dL' });
    expect(byCode('72514-3')[0]?.valueQuantity).toMatchObject({ value: 4, code: '{score}' });
    const [bp, halfBp] = byCode('85354-9');
    expect(bp?.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.value, c.valueQuantity?.code])).toEqual([['8480-6', 185, 'mm[Hg]'], ['8462-4', 95, 'mm[Hg]']]);
    // A one-sided blood pressure (palpated) keeps both components, as the bp profile demands.
    expect(halfBp?.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.value, c.dataAbsentReason?.coding?.[0]?.code])).toEqual([['8480-6', 120, undefined], ['8462-4', undefined, 'not-performed']]);
    expect(halfBp?.meta?.profile).toEqual(['http://hl7.org/fhir/StructureDefinition/bp']);
    const gcs = byCode('9269-2')[0];
    expect(gcs?.valueQuantity?.value).toBe(15);
    expect(gcs?.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.value])).toEqual([['9267-6', 4], ['9270-0', 5], ['9268-4', 6]]);
    // Vital signs of the R4 table claim their profile; glucose, pain score and GCS are no vital signs there.
    const categoryOf = (code: string) => byCode(code)[0]?.category?.[0]?.coding?.[0]?.code;
    expect(['85354-9', '8867-4', '9279-1', '59408-5', '8310-5', '2339-0', '72514-3', '9269-2'].map(categoryOf)).toEqual(['vital-signs', 'vital-signs', 'vital-signs', 'vital-signs', 'vital-signs', 'laboratory', 'survey', 'exam']);
    expect(byCode('8867-4')[0]?.meta?.profile).toEqual(['http://hl7.org/fhir/StructureDefinition/heartrate']);
    // Out of range for an adult: exported as measured, flagged.
    expect(bp?.interpretation?.[0]?.coding?.[0]?.code).toMatch(/^H/);
    // No code yet: label and value as text; an empty heart rate makes no Observation.
    expect(observations.filter((o) => !o.code.coding).map((o) => [o.code.text, o.valueString])).toEqual([['AVPU', 'A'], ['Bemerkungen', 'kooperativ']]);
    expect(byCode('8867-4')).toHaveLength(1);
  });

  it('links Patient, Encounter, Procedures, Conditions and the performers', () => {
    const patient = ofType<Patient>(bundle, 'Patient')[0];
    expect(patient).toMatchObject({ name: [{ family: 'Mustermann', given: ['Erika'] }], birthDate: '1958-03-14', gender: 'female' });
    const encounter = ofType<Encounter>(bundle, 'Encounter')[0];
    expect(encounter).toMatchObject({ status: 'in-progress', identifier: [{ value: protocol.id }], period: { start: '2026-11-24T15:00:00+01:00' } });
    const procedure = ofType<Procedure>(bundle, 'Procedure')[0];
    expect(procedure?.code?.text).toBe('Wunde gereinigt und verbunden');
    // HH:MM as typed, Berlin time on the day it was written down, whatever the exporting device's zone.
    expect(procedure?.performedDateTime).toBe('2026-11-24T15:06:00+01:00');
    expect(procedure?.subject).toEqual({ reference: `urn:uuid:${patient?.id ?? ''}` } satisfies Reference);
    expect(ofType<Condition>(bundle, 'Condition').map((c) => c.code?.text)).toEqual(['Sturz vom Fahrrad', 'Schürfwunde Knie rechts', 'Schmerzen']);
  });

  it('exports the same times whatever the exporting device’s time zone (HH:MM read as Berlin time)', () => {
    // Typed 23:58 and saved at 00:05 Berlin time the next day: the measure was on the 24th.
    const lateEntry = { ...treatmentOf(input), time: '23:58', createdAt: '2026-11-24T23:05:00.000Z' };
    const zone = process.env.TZ;
    const exported = ['Europe/Berlin', 'UTC', 'America/New_York', 'Asia/Tokyo'].map((tz) => {
      process.env.TZ = tz;
      const b = buildProtocolBundle({ ...input, treatments: [lateEntry] });
      return [ofType<Procedure>(b, 'Procedure')[0]?.performedDateTime, ofType<Observation>(b, 'Observation')[0]?.effectiveDateTime, b.timestamp];
    });
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
    for (const times of exported) expect(times).toEqual(['2026-11-24T23:58:00+01:00', '2026-11-24T15:05:00+01:00', '2026-11-24T15:30:00+01:00']);
  });

  it('exports a protocol without vitals and without patient data as a valid document too', async () => {
    const bare = buildProtocolBundle({ ...input, vitals: [], treatments: [], patientData: null, practitioners: [], protocol: { ...protocol, chiefComplaint: null, initialAssessment: null, symptoms: null, allergies: null, status: 'discharged', dischargedAt: '2026-11-24T15:00:00.000Z' } });
    expect(await validateFhir(bare)).toEqual([]);
    expect(ofType<Observation>(bare, 'Observation')).toEqual([]);
    expect(ofType<Encounter>(bare, 'Encounter')[0]?.status).toBe('finished');
    expect(JSON.stringify(bare)).not.toContain('Mustermann');
  });

  it('codes how the care ended as the discharge disposition, next to the destination', async () => {
    const handedOver = buildProtocolBundle({ ...input, protocol: { ...protocol, status: 'discharged', dischargedAt: '2026-11-24T15:00:00.000Z', dischargeOutcome: 'ambulance', dischargeDestination: 'Klinikum Nord' } });
    expect(await validateFhir(handedOver)).toEqual([]);
    expect(ofType<Encounter>(handedOver, 'Encounter')[0]?.hospitalization).toEqual({
      destination: { display: 'Klinikum Nord' },
      dischargeDisposition: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/discharge-disposition', code: 'other-hcf', display: 'Other healthcare facility' }], text: 'An den Rettungsdienst übergeben' },
    });
    const refused = buildProtocolBundle({ ...input, protocol: { ...protocol, status: 'discharged', dischargeOutcome: 'refused', dischargeDestination: null } });
    expect(ofType<Encounter>(refused, 'Encounter')[0]?.hospitalization?.dischargeDisposition?.coding?.[0]?.code).toBe('aadvice');
    expect(ofType<Encounter>(refused, 'Encounter')[0]?.hospitalization?.destination).toBeUndefined();
  });

  it('exports NACA as a survey Observation and the diagnosis group as a Condition, valid for the strict validator', async () => {
    const assessed = buildProtocolBundle({ ...input, protocol: { ...protocol, naca: '5', diagnosisGroup: 'drugs' } });
    expect(await validateFhir(assessed)).toEqual([]);
    const naca = ofType<Observation>(assessed, 'Observation').find((o) => o.code.text === 'NACA-Score');
    expect(naca).toMatchObject({ status: 'final', valueInteger: 5, category: [{ coding: [{ code: 'survey' }] }] });
    expect(naca?.text?.div).toContain('NACA V – Akute Lebensgefahr');
    expect(JSON.stringify(ofType<Condition>(assessed, 'Condition'))).toContain('Intoxikation Drogen oder Medikamente');
    const findings = ofType<Composition>(assessed, 'Composition')[0]?.section?.find((s) => s.title === 'Befunde');
    expect(findings?.entry?.map((e) => e.reference)).toContain(`urn:uuid:${naca?.id ?? ''}`);
    // Not assessed: no Observation, no Condition for it.
    expect(ofType<Observation>(buildProtocolBundle({ ...input, protocol: { ...protocol, naca: null } }), 'Observation').some((o) => o.code.text === 'NACA-Score')).toBe(false);
  });
});
