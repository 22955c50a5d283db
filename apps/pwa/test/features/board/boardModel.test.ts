import type { PatientProtocol } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import type { BoardData } from '../../../src/data/boardHooks';
import { diaryItems, dischargesByOutcome, materialsRunningLow, minutesSince, openProtocols, treatmentsPerHour } from '../../../src/features/board/boardModel';

/** The board's figures from the device's rows: pure functions, no patient data out. */

const now = new Date('2026-11-24T12:30:00.000Z');
const protocol = (id: string, overrides: Partial<PatientProtocol>): PatientProtocol => ({
  id, serviceId: 's', serviceName: 'Fest', organizationId: 1, serviceProtocolNumber: 1, status: 'active', chiefComplaint: 'geheim', initialAssessment: null,
  allergies: null, medications: null, pastHistory: null, handlingInstructions: null, helper1: null, helper2: null, symptoms: null, incidentTime: null,
  dischargeStatus: null, dischargeOutcome: null, dischargeDestination: null, handoverTo: null, dischargeComment: null, dischargedById: null, dischargedAt: null, treatedById: 7,
  createdAt: '2026-11-24T12:00:00.000Z', updatedAt: '2026-11-24T12:00:00.000Z', version: 1, needsReview: false, ...overrides,
});

const data: BoardData = {
  service: {
    id: 's', name: 'Fest', organizationId: 1, startDate: '2026-11-24T08:00:00.000Z', endDate: '2026-11-24T20:00:00.000Z',
  } as BoardData['service'],
  protocols: [
    protocol('a', { serviceProtocolNumber: 1, createdAt: '2026-11-24T11:00:00.000Z' }),
    protocol('b', { serviceProtocolNumber: 2, createdAt: '2026-11-24T12:10:00.000Z', needsReview: true }),
    protocol('c', { serviceProtocolNumber: 3, status: 'discharged', dischargeOutcome: 'ambulance', dischargeDestination: 'RTW', handoverTo: 'Rettungsdienst', dischargedAt: '2026-11-24T12:20:00.000Z', dischargedById: 8 }),
    protocol('d', { serviceProtocolNumber: 4, status: 'discharged', dischargeOutcome: 'released', dischargeDestination: 'nach Hause', handoverTo: 'selbst', dischargedAt: '2026-11-24T12:25:00.000Z' }),
  ],
  minorTreatments: [
    { id: 'm1', serviceId: 's', serviceName: 'Fest', organizationId: 1, patientName: 'Max', description: 'Pflaster', treatedById: 8, createdAt: '2026-11-24T10:15:00.000Z', date: '', materials: [] },
    { id: 'm2', serviceId: 's', serviceName: 'Fest', organizationId: 1, patientName: null, description: 'Kühlpack', treatedById: 7, createdAt: '2026-11-24T12:05:00.000Z', date: '', materials: [] },
    { id: 'm3', serviceId: 's', serviceName: 'Fest', organizationId: 1, patientName: null, description: 'Blase', treatedById: 7, createdAt: '2026-11-24T12:29:00.000Z', date: '', materials: [] },
  ],
  materialUsage: [
    { id: 'u1', materialId: 1, quantity: 6, serviceId: 's', organizationId: 1, source: 'minor_treatment', sourceId: 'm1', usedAt: '2026-11-24T10:15:00.000Z', refilledAt: null },
    { id: 'u2', materialId: 2, quantity: 2, serviceId: 's', organizationId: 1, source: 'minor_treatment', sourceId: 'm2', usedAt: '2026-11-24T12:05:00.000Z', refilledAt: null },
  ],
  materials: [{ id: 1, name: 'Pflaster', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: null }, { id: 2, name: 'Kühlpack', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: null }],
  team: [
    { id: 's:7', serviceId: 's', organizationId: 1, userId: 7, username: 'anna', addedAt: '2026-11-24T07:55:00.000Z', addedById: null, addedByName: null, method: 'creator' },
    { id: 's:8', serviceId: 's', organizationId: 1, userId: 8, username: 'bernd', addedAt: '2026-11-24T09:00:00.000Z', addedById: 7, addedByName: 'anna', method: 'assigned' },
  ] as BoardData['team'],
  diary: [{ id: 'e1', serviceId: 's', organizationId: 1, text: 'Zelt 2 voll', occurredAt: '2026-11-24T12:15:00.000Z', authorId: 7, authorName: 'anna', createdAt: '2026-11-24T12:15:00.000Z' }],
  lastSyncAt: '2026-11-24T12:20:00.000Z',
};

describe('board model', () => {
  it('lists open protocols longest open first, with their age and review state', () => {
    expect(openProtocols(data, now)).toEqual([
      { id: 'a', number: 1, createdAt: '2026-11-24T11:00:00.000Z', ageMinutes: 90, needsReview: false },
      { id: 'b', number: 2, createdAt: '2026-11-24T12:10:00.000Z', ageMinutes: 20, needsReview: true },
    ]);
  });

  it('counts minor treatments per clock hour from the first one to now', () => {
    expect(treatmentsPerHour(data, now).map((b) => [b.hour.slice(11, 13), b.count])).toEqual([['10', 1], ['11', 0], ['12', 2]]);
    // At most `hours` buckets: a long service shows its last hours.
    expect(treatmentsPerHour(data, now, 2).map((b) => b.count)).toEqual([0, 2]);
  });

  it('counts discharges by their recorded outcome, every outcome listed; unknown only when a discharge lacks one', () => {
    expect(dischargesByOutcome(data)).toEqual([
      { outcome: 'released', count: 1 }, { outcome: 'ambulance', count: 1 }, { outcome: 'refused', count: 0 }, { outcome: 'deceased', count: 0 }, { outcome: 'other', count: 0 },
    ]);
    const older = { protocols: [...data.protocols, protocol('z', { status: 'discharged', dischargeOutcome: null })] };
    expect(dischargesByOutcome(older).at(-1)).toEqual({ outcome: 'unknown', count: 1 });
  });

  it('names the materials running low', () => {
    expect(materialsRunningLow(data)).toEqual([{ materialId: 1, name: 'Pflaster', unit: 'Stück', openUnits: 6 }]);
  });

  it('derives the diary from the rows, newest first, with who did it and no patient data', () => {
    const items = diaryItems(data, now);
    expect(items.map((i) => [i.kind, i.who, i.number ?? i.text ?? null])).toEqual([
      ['minorTreatment', 'anna', null],
      ['protocolDischarged', null, 4],
      ['protocolDischarged', 'bernd', 3],
      ['manual', 'anna', 'Zelt 2 voll'],
      ['protocolOpened', 'anna', 2],
      ['minorTreatment', 'anna', null],
      ['protocolOpened', 'anna', 3],
      ['protocolOpened', 'anna', 4],
      ['protocolOpened', 'anna', 1],
      ['minorTreatment', 'bernd', null],
      ['teamJoined', 'bernd', null],
      ['serviceStarted', null, null],
      ['teamJoined', 'anna', null],
    ]);
    const everything = JSON.stringify(items);
    for (const secret of ['Max', 'Pflaster', 'geheim', 'nach Hause']) expect(everything).not.toContain(secret);
  });

  it('says how old the data is', () => {
    expect(minutesSince(data.lastSyncAt, now)).toBe(10);
    expect(minutesSince(null, now)).toBeNull();
  });
});
