import type { PatientData, VitalValueData } from '@sanidok/schema';
import type { LocalProtocol, ProtocolView } from '../../../../src/data/repositories/protocols';
import type { LocalTreatmentEntry, LocalVitalRecord, SaniDokDb } from '../../../../src/data/db';
import { seedSignedIn } from '../../minorTreatments/minorTreatments.fixtures';
import { protocolRow as baseProtocolRow } from '../list/list.fixtures';

// A protocol of the Stadtfest on 4 July 2026 (Berlin summer time: UTC+2), with two measurements
// half an hour apart and two treatment entries, as the print tests need it.

export const protocolId = '01900000-0000-7000-8000-00000000a001';
export const serviceId = '01900000-0000-7000-8000-000000000001';
export const printedAt = '2026-07-04T09:15:00.000Z';

export function protocolRow(overrides: Partial<LocalProtocol> = {}): LocalProtocol {
  return baseProtocolRow(protocolId, {
    serviceId, serviceProtocolNumber: 3, chiefComplaint: 'Thoraxschmerz seit 30 Minuten', initialAssessment: 'Patient wach, blass, kaltschweißig',
    allergies: 'Penicillin', medications: 'Ramipril 5 mg', handlingInstructions: 'Oberkörper hoch lagern', helper1: 'Lea Lang', helper2: 'Ben Berg',
    createdAt: '2026-07-04T07:55:00.000Z', updatedAt: '2026-07-04T08:40:00.000Z', version: 12, ...overrides,
  });
}

export const patient: PatientData = {
  firstName: 'Hildegard',
  lastName: 'Quastenberg',
  dateOfBirth: '1961-03-14',
  gender: 'weiblich',
  address: 'Lindenstraße 4, 79379 Müllheim',
  phone: '0761 123456',
  insuranceInfo: 'AOK Baden-Württemberg',
};

const value = (id: string, parameterType: VitalValueData['parameterType'], v: string, unit: string | null = null) => ({ id, parameterType, value: v, unit });

export const olderMeasurement: LocalVitalRecord = {
  id: '01900000-0000-7000-8000-00000000b001',
  protocolId,
  organizationId: 1,
  recordedAt: '2026-07-04T08:00:00.000Z',
  recordedById: 7,
  values: [
    value('v1', 'blood_pressure', '158/96', 'mmHg'),
    value('v2', 'heart_rate', '124', '/min'),
    value('v3', 'oxygen_saturation', '91', '%'),
    value('v4', 'notes', 'Patient klagt über Übelkeit'),
  ],
};

export const newerMeasurement: LocalVitalRecord = {
  id: '01900000-0000-7000-8000-00000000b002',
  protocolId,
  organizationId: 1,
  recordedAt: '2026-07-04T08:30:00.000Z',
  recordedById: 7,
  values: [value('v5', 'blood_pressure', '132/84', 'mmHg'), value('v6', 'heart_rate', '92', '/min'), value('v7', 'avpu', 'A')],
};

export const entries: LocalTreatmentEntry[] = [
  {
    id: '01900000-0000-7000-8000-00000000c001', protocolId, organizationId: 1, time: '10:02', text: 'Pulsoxymetrie angelegt',
    performer: 'helfer1', performerName: null, createdAt: '2026-07-04T08:02:00.000Z', recordedById: 7,
  },
  {
    id: '01900000-0000-7000-8000-00000000c002', protocolId, organizationId: 1, time: '10:10', text: 'Sauerstoffgabe 4 l/min über Nasenbrille',
    performer: 'custom', performerName: 'Dr. Ofenbach', createdAt: '2026-07-04T08:10:00.000Z', recordedById: 7,
  },
];

export function protocolView(overrides: Partial<ProtocolView> = {}): ProtocolView {
  return { protocol: protocolRow(), patientData: patient, patientDataVersion: 4, vitals: [olderMeasurement, newerMeasurement], entries, ...overrides };
}

/** A detached document, as the print window's would be. */
export const blankDocument = (): Document => document.implementation.createHTMLDocument('');

/** The rows of the first table after the heading with this text, as arrays of cell texts. */
export function tableAfter(doc: Document, heading: string): string[][] {
  const h = [...doc.querySelectorAll('h3, h4')].find((node) => node.textContent === heading);
  const table = h?.nextElementSibling;
  if (!table || table.tagName !== 'TABLE') throw new Error(`Keine Tabelle nach ${heading}`);
  return [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent));
}

/** The list items after the heading with this text. */
export function linesAfter(doc: Document, heading: string): string[] {
  const h = [...doc.querySelectorAll('h3')].find((node) => node.textContent === heading);
  const list = h?.nextElementSibling;
  if (!list || list.tagName !== 'UL') throw new Error(`Keine Liste nach ${heading}`);
  return [...list.querySelectorAll('li')].map((li) => li.textContent);
}

/** The signed-in user's database with this file's protocol, its measurements and entries (and, unless told not to, its patient data). */
export async function seedPrintableProtocol(options: { withPatientData?: boolean } = {}): Promise<SaniDokDb> {
  const db = await seedSignedIn();
  await db.protocols.put(protocolRow());
  if (options.withPatientData ?? true) await db.patientData.put({ protocolId, patientData: patient, version: 4 });
  await db.vitalRecords.bulkPut([olderMeasurement, newerMeasurement]);
  await db.treatmentEntries.bulkPut(entries);
  return db;
}
