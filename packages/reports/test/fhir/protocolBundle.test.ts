import type { Bundle, Composition, Condition, Encounter, Observation, Patient, Procedure, Reference, Resource } from '@medplum/fhirtypes';
import type { PatientProtocol, TreatmentEntry, VitalRecord } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { buildProtocolBundle } from '../../src/fhir/protocolBundle';
import { validateFhir } from '../../testing/fhirValidator';

const protocol: PatientProtocol = {
  id: '0190f000-0000-7000-8000-000000000001', serviceId: '0190f000-0000-7000-8000-0000000000aa', serviceName: 'Stadtfest Nord', organizationId: 3,
  serviceProtocolNumber: 7, status: 'active', chiefComplaint: 'Sturz vom Fahrrad', initialAssessment: 'Schürfwunde Knie rechts', allergies: 'Penicillin',
  medications: null, pastHistory: null, handlingInstructions: null, helper1: null, helper2: null, symptoms: 'Schmerzen', incidentTime: '2026-11-24T13:55:00.000Z',
  dischargeStatus: null, dischargeOutcome: null, dischargeDestination: null, handoverTo: null, dischargeComment: null, dischargedById: null, dischargedAt: null, treatedById: 11,
  createdAt: '2026-11-24T14:00:00.000Z', updatedAt: '2026-11-24T14:20:00.000Z', version: 4, needsReview: false,
};

const value = (parameterType: VitalRecord['values'][number]['parameterType'], v: string, unit: string | null = null, id = globalThis.crypto.randomUUID()) => ({ id, parameterType, value: v, unit });

const vitals: VitalRecord[] = [
  {
    id: 'v1', protocolId: protocol.id, organizationId: 3, recordedAt: '2026-11-24T14:05:00.000Z', recordedById: 11,
    values: [
      value('blood_pressure', '185/95', 'mmHg'), value('heart_rate', '88', '/min'), value('respiratory_rate', '16', '/min'), value('oxygen_saturation', '97', '%'),
      value('temperature', '36,8', '°C'), value('blood_glucose', '104', 'mg/dL'), value('pain_scale', '4'),
      value('gcs_eyes', '4'), value('gcs_verbal', '5'), value('gcs_motor', '6'), value('avpu', 'A'), value('notes', 'kooperativ'),
    ],
  },
  // Missing values make no empty Observations; a half blood pressure keeps its known part.
  { id: 'v2', protocolId: protocol.id, organizationId: 3, recordedAt: '2026-11-24T14:15:00.000Z', recordedById: 12, values: [value('blood_pressure', '120/-', 'mmHg'), value('heart_rate', '')] },
];

const treatments: TreatmentEntry[] = [
  { id: 't1', protocolId: protocol.id, organizationId: 3, time: '15:06', text: 'Wunde gereinigt und verbunden', performer: 'helfer1', performerName: null, createdAt: '2026-11-24T14:06:00.000Z', recordedById: 11 },
];

const input = {
  protocol, vitals, treatments,
  patientData: { firstName: 'Erika', lastName: 'Mustermann', dateOfBirth: '1958-03-14', gender: 'weiblich' as const, phone: '0761 123456', emergencyContact: 'Max Mustermann', emergencyContactPhone: '0761 654321' },
  practitioners: [{ userId: 11, name: 'Anna Sanitäterin' }, { userId: 12, name: 'Ben Helfer' }],
  organization: { id: 3, name: 'DRK Ortsverein Nord' },
  exportedAt: '2026-11-24T14:30:00.000Z',
};

const resources = (bundle: Bundle) => (bundle.entry ?? []).map((e) => e.resource as Resource);
const ofType = <T extends Resource>(bundle: Bundle, type: T['resourceType']) => resources(bundle).filter((r): r is T => r.resourceType === type);
const codesOf = (o: Observation) => (o.code.coding ?? []).map((c) => c.code);

describe('FHIR R4 export of a patient protocol', () => {
  const bundle = buildProtocolBundle(input);

  it('validates with 0 errors in Medplum’s R4 validator, the Bundle and every resource', async () => {
    expect(await validateFhir(bundle)).toEqual([]);
    for (const resource of resources(bundle)) expect([resource.resourceType, await validateFhir(resource)]).toEqual([resource.resourceType, []]);
  });

  it('has a validator that finds errors (the 0 above is not vacuous)', async () => {
    const broken = { resourceType: 'Observation', code: { text: 'x' }, valueQuantity: { value: 'viel' } } as unknown as Resource;
    expect((await validateFhir(broken)).length).toBeGreaterThan(0);
    // Codes of required bindings, which the structure alone does not catch.
    expect(await validateFhir({ ...bundle, type: 'dokument' } as unknown as Resource)).toEqual(['Bundle.type: „dokument“ ist nicht in http://hl7.org/fhir/ValueSet/bundle-type|4.0.1']);
    expect(await validateFhir({ resourceType: 'Patient', gender: 'weiblich' } as unknown as Resource)).toHaveLength(1);
    expect(await validateFhir({ resourceType: 'Observation', status: 'fertig', code: { text: 'x' } } as unknown as Resource)).toHaveLength(1);
  });

  it('is a document: Composition first, identifier and timestamp, every reference resolves inside the Bundle', () => {
    expect(bundle.type).toBe('document');
    expect(bundle.identifier?.value).toBeTruthy();
    expect(bundle.timestamp).toBe(input.exportedAt);
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
    expect(composition?.section?.map((s) => s.title)).toEqual(['Vitalzeichen', 'Maßnahmen', 'Befunde', 'Allergien']);
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
    expect(halfBp?.component?.map((c) => c.code.coding?.[0]?.code)).toEqual(['8480-6']);
    const gcs = byCode('9269-2')[0];
    expect(gcs?.valueQuantity?.value).toBe(15);
    expect(gcs?.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.value])).toEqual([['9267-6', 4], ['9270-0', 5], ['9268-4', 6]]);
    for (const o of observations.filter((x) => x.code.coding)) expect(o.category?.[0]?.coding?.[0]?.code).toBe('vital-signs');
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
    expect(encounter).toMatchObject({ status: 'in-progress', identifier: [{ value: protocol.id }], period: { start: protocol.createdAt } });
    const procedure = ofType<Procedure>(bundle, 'Procedure')[0];
    expect(procedure?.code?.text).toBe('Wunde gereinigt und verbunden');
    // HH:MM as typed, on the day it was written down (local time; the test runs in UTC or Europe/Berlin).
    expect(new Date(procedure?.performedDateTime ?? '').getHours()).toBe(15);
    expect(new Date(procedure?.performedDateTime ?? '').getMinutes()).toBe(6);
    expect(procedure?.subject).toEqual({ reference: `urn:uuid:${patient?.id ?? ''}` } satisfies Reference);
    expect(ofType<Condition>(bundle, 'Condition').map((c) => c.code?.text)).toEqual(['Sturz vom Fahrrad', 'Schürfwunde Knie rechts', 'Schmerzen']);
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
});
