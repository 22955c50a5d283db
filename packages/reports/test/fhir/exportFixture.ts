import type { PatientProtocol, TreatmentEntry, VitalRecord } from '@sanidok/schema';

/** A protocol as captured, with every kind of vital sign: the source of the real export the FHIR tests check and break. */
export const protocol: PatientProtocol = {
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

export const input = {
  protocol, vitals, treatments,
  patientData: { firstName: 'Erika', lastName: 'Mustermann', dateOfBirth: '1958-03-14', gender: 'weiblich' as const, phone: '0761 123456', emergencyContact: 'Max Mustermann', emergencyContactPhone: '0761 654321' },
  practitioners: [{ userId: 11, name: 'Anna Sanitäterin' }, { userId: 12, name: 'Ben Helfer' }],
  organization: { id: 3, name: 'DRK Ortsverein Nord' },
  exportedAt: '2026-11-24T14:30:00.000Z',
};

