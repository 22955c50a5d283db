import { describe, expect, it } from 'vitest';
import {
  createProtocolSchema, dischargeFormSchema, fieldMessages, formatTreatmentEntry, parsePatientData, patientDataFieldSchemas, patientDataSchema,
  protocolClinicalFieldSchemas, protocolFormSchema,
  protocolListLabel, protocolPayloadFormSchema, protocolStatusLabel, toCreateProtocolPayload, treatmentEntrySchema, treatmentSummary, updateProtocolSchema,
} from '../src';

const id = '018f3c1e-7b2a-7c3d-8e4f-123456789abc';
const messages = (result: { success: boolean; error?: Parameters<typeof fieldMessages>[0] }) => (result.error ? fieldMessages(result.error) : {});

describe('patient data', () => {
  it('reads JSON text or objects; anything unparseable is an empty object', () => {
    expect(parsePatientData('{"firstName":" Eva ","lastName":"Schulz","patientAddress":"Weg 1","age":4,"gender":"x"}')).toEqual({ firstName: 'Eva', lastName: 'Schulz', address: 'Weg 1' });
    expect(parsePatientData('{kaputt')).toEqual({});
    expect(parsePatientData('[1,2]')).toEqual({});
    expect(parsePatientData(null)).toEqual({});
    expect(parsePatientData({ firstName: 'Ali', gender: 'divers' })).toEqual({ firstName: 'Ali', gender: 'divers' });
  });

  it('requires both names and checks the optional fields', () => {
    expect(messages(patientDataSchema.safeParse({}))).toEqual({ firstName: 'Vorname ist erforderlich', lastName: 'Nachname ist erforderlich' });
    expect(messages(patientDataSchema.safeParse(undefined))).toEqual({ '': 'Patientendaten sind erforderlich' });
    expect(patientDataSchema.parse({ firstName: ' Eva ', lastName: 'S', phone: '', gender: '', dateOfBirth: '2001-02-28' })).toEqual({ firstName: 'Eva', lastName: 'S', dateOfBirth: '2001-02-28' });
    expect(messages(patientDataSchema.safeParse({ firstName: 'a', lastName: 'b', dateOfBirth: '28.02.2001' }))).toEqual({ dateOfBirth: 'Bitte geben Sie ein gültiges Geburtsdatum ein (TT.MM.JJJJ)' });
    expect(messages(patientDataSchema.safeParse({ firstName: 'a', lastName: 'b', address: 'x'.repeat(301) }))).toEqual({ address: 'Adresse darf höchstens 300 Zeichen lang sein' });
  });
});

describe('field rules', () => {
  it('check each field on the text as typed, with the messages of the payloads', () => {
    const f = patientDataFieldSchemas;
    expect(f.firstName.safeParse(' ').error?.issues[0]?.message).toBe('Vorname ist erforderlich');
    expect(f.lastName.parse(' Schulz ')).toBe('Schulz');
    expect(f.dateOfBirth.parse('')).toBe('');
    expect(f.dateOfBirth.safeParse('28.02.2001').error?.issues[0]?.message).toBe('Bitte geben Sie ein gültiges Geburtsdatum ein (TT.MM.JJJJ)');
    expect(f.dateOfBirth.safeParse('2999-01-01').error?.issues[0]?.message).toBe('Das Geburtsdatum darf nicht in der Zukunft liegen');
    expect(f.gender.parse('')).toBe('');
    expect(f.gender.safeParse('x').error?.issues[0]?.message).toBe('Bitte wählen Sie männlich, weiblich oder divers');
    expect(f.insuranceCardNumber.safeParse('1'.repeat(51)).error?.issues[0]?.message).toBe('Versichertennummer darf höchstens 50 Zeichen lang sein');
    expect(protocolClinicalFieldSchemas.allergies.safeParse('x'.repeat(4001)).error?.issues[0]?.message).toBe('Der Text darf höchstens 4000 Zeichen lang sein');
    expect(protocolClinicalFieldSchemas.helper2.safeParse('x'.repeat(101)).error?.issues[0]?.message).toBe('Der Name darf höchstens 100 Zeichen lang sein');
    expect(protocolClinicalFieldSchemas.chiefComplaint.parse('  Sturz ')).toBe('Sturz');
  });

  it('are the rules of the payloads: the same limits and messages there', () => {
    expect(messages(updateProtocolSchema.safeParse({ id, helper1: 'x'.repeat(101), patientData: { location: 'x'.repeat(301), gender: 'x' } }))).toEqual({
      helper1: 'Der Name darf höchstens 100 Zeichen lang sein',
      'patientData.location': 'Fundort darf höchstens 300 Zeichen lang sein',
      'patientData.gender': 'Bitte wählen Sie männlich, weiblich oder divers',
    });
    expect(updateProtocolSchema.parse({ id, patientData: { gender: null, dateOfBirth: '' } }).patientData).toEqual({ gender: null, dateOfBirth: null });
  });
});

describe('protocol payloads', () => {
  it('takes patient data as JSON text and ignores what the server decides', () => {
    const parsed = createProtocolSchema.parse({ serviceId: id, patientData: '{"firstName":"Eva","lastName":"Schulz"}', status: 'discharged', encryptionKey: 'k', chiefComplaint: '' });
    expect(parsed).toMatchObject({ serviceId: id, patientData: { firstName: 'Eva', lastName: 'Schulz' }, chiefComplaint: null, materials: [] });
    expect(parsed).not.toHaveProperty('status');
    expect(messages(createProtocolSchema.safeParse({ patientData: {} }))).toMatchObject({ serviceId: 'Bitte wählen Sie einen Sanitätsdienst aus', 'patientData.firstName': 'Vorname ist erforderlich' });
  });

  it('keeps "not sent" apart from "cleared" in an update', () => {
    const parsed = updateProtocolSchema.parse({ id, allergies: '', patientData: { phone: '', firstName: 'Eva' } });
    expect(parsed.allergies).toBeNull();
    expect(parsed).not.toHaveProperty('medications');
    expect(parsed.patientData).toEqual({ firstName: 'Eva', phone: null });
    expect(messages(updateProtocolSchema.safeParse({ id, patientData: { lastName: ' ' } }))).toEqual({ 'patientData.lastName': 'Nachname ist erforderlich' });
  });

  it('validates the dialogs with the messages of docs/spec/services.md §5', () => {
    expect(messages(protocolFormSchema.safeParse({ serviceId: '', firstName: '', lastName: '' }))).toEqual({
      serviceId: 'Bitte wählen Sie einen Sanitätsdienst aus', firstName: 'Vorname ist erforderlich', lastName: 'Nachname ist erforderlich',
    });
    expect(messages(protocolPayloadFormSchema.safeParse({ serviceId: '', patientData: '' }))).toEqual({ serviceId: 'Service ist erforderlich', patientData: 'Patientendaten sind erforderlich' });
    expect(messages(dischargeFormSchema.safeParse({ dischargeStatus: '', dischargeDestination: ' ', handoverTo: '' }))).toEqual({
      dischargeStatus: 'Bitte wählen Sie den Patientenzustand aus', dischargeOutcome: 'Bitte wählen Sie aus, wie die Versorgung endete', dischargeDestination: 'Verbleib ist erforderlich', handoverTo: 'Übergabe an ist erforderlich',
    });
    const payload = toCreateProtocolPayload(protocolFormSchema.parse({ serviceId: id, firstName: 'Eva', lastName: 'S', allergies: 'Nüsse' }), [{ id: 4, quantity: 2 }]);
    expect(createProtocolSchema.parse(payload)).toMatchObject({ patientData: { firstName: 'Eva', lastName: 'S' }, allergies: 'Nüsse', materials: [{ id: 4, quantity: 2 }] });
  });

  it('labels statuses, raw for unknown ones', () => {
    expect(['active', 'transferred', 'discharged', 'cancelled', 'archiviert'].map(protocolStatusLabel)).toEqual(['Aktiv', 'Verlegt', 'Entlassen', 'Abgebrochen', 'archiviert']);
    expect([protocolListLabel('active'), protocolListLabel('discharged')]).toEqual(['In Behandlung', 'Abgeschlossen']);
  });
});

describe('treatment entries', () => {
  const entry = { id, protocolId: id, time: '09:05', text: ' Wunde gespült ', performer: 'helfer1' };

  it('formats [HH:MM] text (performer)', () => {
    expect(formatTreatmentEntry({ time: '09:05', text: 'Wunde gespült', performer: 'helfer1', performerName: null })).toBe('[09:05] Wunde gespült (Helfer 1)');
    expect(formatTreatmentEntry({ time: '23:59', text: 'Übergabe', performer: 'helfer2', performerName: null })).toBe('[23:59] Übergabe (Helfer 2)');
    expect(formatTreatmentEntry({ time: '10:00', text: 'Druck', performer: 'laienhelfer', performerName: null })).toBe('[10:00] Druck (Laienhelfer)');
    expect(formatTreatmentEntry({ time: '10:00', text: 'Intubation', performer: 'custom', performerName: 'Dr. Weiß' })).toBe('[10:00] Intubation (Dr. Weiß)');
  });

  it('orders lines by device time, across midnight', () => {
    const lines = treatmentSummary([
      { id: 'b', time: '00:10', text: 'Zweite', performer: 'helfer1', performerName: null, createdAt: '2026-07-02T22:10:00.000Z' },
      { id: 'a', time: '23:50', text: 'Erste', performer: 'helfer2', performerName: null, createdAt: '2026-07-02T21:50:00.000Z' },
    ]);
    expect(lines).toBe('[23:50] Erste (Helfer 2)\n[00:10] Zweite (Helfer 1)');
  });

  it('needs HH:MM, non-empty text and a name for custom performers', () => {
    expect(treatmentEntrySchema.parse({ ...entry, performerName: 'weg' })).toMatchObject({ text: 'Wunde gespült', performerName: null });
    expect(messages(treatmentEntrySchema.safeParse({ ...entry, time: '9:05' }))).toEqual({ time: 'Bitte geben Sie die Uhrzeit als HH:MM an' });
    expect(messages(treatmentEntrySchema.safeParse({ ...entry, text: '   ' }))).toEqual({ text: 'Die Maßnahme darf nicht leer sein' });
    expect(messages(treatmentEntrySchema.safeParse({ ...entry, performer: 'custom', performerName: ' ' }))).toEqual({ performerName: 'Bitte geben Sie den Namen der durchführenden Person ein' });
  });
});
