import { describe, expect, it } from 'vitest';
import {
  accessLogActionLabels, createProtocolSchema, incidentTimeIssue, incidentTimeSlackMs, patientDataFieldSchemas, patientDataSchema, protocolClinicalFieldSchemas,
  protocolFieldLabels, recordAccessSchema, syncMutations, updateProtocolSchema,
} from '../src';

const id = '018f3c1e-7b2a-7c3d-8e4f-123456789abc';
const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('emergency contact (patient data)', () => {
  it('is kept with the patient data and checked field by field', () => {
    expect(patientDataSchema.parse({ firstName: 'Eva', lastName: 'Schulz', emergencyContact: ' Paul Schulz ', emergencyContactPhone: '+49 (171) 555-01/23' })).toEqual({
      firstName: 'Eva', lastName: 'Schulz', emergencyContact: 'Paul Schulz', emergencyContactPhone: '+49 (171) 555-01/23',
    });
    expect(patientDataSchema.parse({ firstName: 'Eva', lastName: 'Schulz', emergencyContact: '', emergencyContactPhone: null })).toEqual({ firstName: 'Eva', lastName: 'Schulz' });
    expect(firstMessage(patientDataFieldSchemas.emergencyContact.safeParse('x'.repeat(201)))).toBe('Notfallkontakt darf höchstens 200 Zeichen lang sein');
    expect(firstMessage(patientDataFieldSchemas.emergencyContactPhone.safeParse('bitte anrufen'))).toBe(
      'Bitte geben Sie eine Telefonnummer aus Ziffern, Leerzeichen und + ( ) / - ein',
    );
    expect(firstMessage(patientDataFieldSchemas.emergencyContactPhone.safeParse('+ - /'))).toBe('Bitte geben Sie eine Telefonnummer aus Ziffern, Leerzeichen und + ( ) / - ein');
    expect(firstMessage(patientDataFieldSchemas.emergencyContactPhone.safeParse('1'.repeat(51)))).toBe('Telefon des Notfallkontakts darf höchstens 50 Zeichen lang sein');
    expect(patientDataFieldSchemas.emergencyContactPhone.parse('')).toBe('');
  });
});

describe('symptoms and incident time (clinical fields)', () => {
  it('carry German labels', () => {
    expect(protocolFieldLabels.symptoms).toBe('Symptome');
    expect(protocolFieldLabels.incidentTime).toBe('Zeitpunkt des Ereignisses');
  });

  it('take the incident time as the form types it (wall time) and check its shape', () => {
    expect(protocolClinicalFieldSchemas.incidentTime.parse(' 2026-11-24T10:15 ')).toBe('2026-11-24T10:15');
    expect(protocolClinicalFieldSchemas.incidentTime.parse('')).toBe('');
    expect(firstMessage(protocolClinicalFieldSchemas.incidentTime.safeParse('24.11.2026 10:15'))).toBe(
      'Bitte geben Sie einen gültigen Zeitpunkt des Ereignisses ein (TT.MM.JJJJ hh:mm)',
    );
    expect(firstMessage(protocolClinicalFieldSchemas.symptoms.safeParse('x'.repeat(4001)))).toBe('Der Text darf höchstens 4000 Zeichen lang sein');
  });

  it('stores the incident time as a UTC instant and refuses the impossible', () => {
    const base = { serviceId: id, patientData: { firstName: 'Eva', lastName: 'Schulz' } };
    expect(createProtocolSchema.parse({ ...base, incidentTime: '2026-03-29T01:30:00+01:00', symptoms: '  Schwindel ' })).toMatchObject({
      incidentTime: '2026-03-29T00:30:00.000Z', symptoms: 'Schwindel',
    });
    expect(createProtocolSchema.parse(base)).toMatchObject({ incidentTime: null, symptoms: null });
    expect(createProtocolSchema.parse({ ...base, incidentTime: '' }).incidentTime).toBeNull();
    expect(updateProtocolSchema.parse({ id, incidentTime: null })).toEqual({ id, incidentTime: null });
    expect(updateProtocolSchema.parse({ id })).toEqual({ id });
    expect(firstMessage(updateProtocolSchema.safeParse({ id, incidentTime: '2026-11-24T10:15' }))).toBe(
      'Bitte geben Sie einen gültigen Zeitpunkt des Ereignisses ein (TT.MM.JJJJ hh:mm)',
    );
    expect(firstMessage(updateProtocolSchema.safeParse({ id, incidentTime: 42 }))).toBe('Bitte geben Sie einen gültigen Zeitpunkt des Ereignisses ein (TT.MM.JJJJ hh:mm)');
    expect(firstMessage(updateProtocolSchema.safeParse({ id, incidentTime: '2999-01-01T00:00:00Z' }))).toBe('Der Zeitpunkt des Ereignisses darf nicht in der Zukunft liegen');
  });

  it('allows a device clock a little ahead, not more', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(incidentTimeIssue(now + incidentTimeSlackMs, now)).toBeNull();
    expect(incidentTimeIssue(now + incidentTimeSlackMs + 60_000, now)).toBe('Der Zeitpunkt des Ereignisses darf nicht in der Zukunft liegen');
    expect(incidentTimeIssue(Date.parse('1999-12-31T23:59:00Z'), now)).toBe('Bitte geben Sie einen gültigen Zeitpunkt des Ereignisses ein (TT.MM.JJJJ hh:mm)');
    expect(incidentTimeIssue(Number.NaN, now)).toBe('Bitte geben Sie einen gültigen Zeitpunkt des Ereignisses ein (TT.MM.JJJJ hh:mm)');
  });
});

describe('access events', () => {
  const event = { id, occurredAt: '2026-11-24T10:00:00.000Z' };

  it('name exactly the record of their kind', () => {
    expect(recordAccessSchema.parse({ ...event, actionType: 'patient_list_opened', serviceId: id })).toMatchObject({ serviceId: id });
    expect(recordAccessSchema.parse({ ...event, actionType: 'minor_treatment_name_viewed', minorTreatmentId: id })).toMatchObject({ minorTreatmentId: id });
    expect(syncMutations['accessLog.record'].schema.parse({ ...event, actionType: 'print_handover', protocolId: id })).toMatchObject({ protocolId: id });
    const refusals: [Record<string, unknown>, string][] = [
      [{ actionType: 'patient_list_opened' }, 'Ungültiger Sanitätsdienst'],
      [{ actionType: 'patient_list_opened', serviceId: 'kein' }, 'Ungültiger Sanitätsdienst'],
      [{ actionType: 'minor_treatment_name_viewed' }, 'Ungültige Bagatellbehandlung'],
      [{ actionType: 'protocol_opened', serviceId: id }, 'Ungültiges Protokoll'],
      [{ actionType: 'patient_list_opened', serviceId: id, minorTreatmentId: id }, 'Diese Angabe passt nicht zur Zugriffsart'],
      [{ actionType: 'other', protocolId: id }, 'Unbekannte Zugriffsart'],
    ];
    for (const [args, message] of refusals) expect(firstMessage(recordAccessSchema.safeParse({ ...event, ...args }))).toBe(message);
  });

  it('have German labels for the owner tab', () => {
    expect(accessLogActionLabels.patient_list_opened).toBe('Patientenliste des Dienstes geöffnet');
    expect(accessLogActionLabels.minor_treatment_name_viewed).toBe('Vollständiger Name einer Bagatellbehandlung angezeigt');
  });
});
