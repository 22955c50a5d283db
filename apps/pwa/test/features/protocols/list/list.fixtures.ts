import type { PatientData, VitalRecord } from '@sanidok/schema';
import type { LocalProtocol, SaniDokDb } from '../../../../src/data/db';
import { serviceId } from '../../minorTreatments/minorTreatments.fixtures';

// Protocol rows as a pull would store them, for the protocols page, the create dialog and the
// service-detail tab tests. The signed-in database and organisation 1 come from
// ../../minorTreatments/minorTreatments.fixtures (seedSignedIn, renderSignedIn).

export function protocolRow(id: string, overrides: Partial<LocalProtocol> = {}): LocalProtocol {
  return {
    id,
    serviceId,
    serviceName: 'Schützenfest Großhöchstädt',
    organizationId: 1,
    serviceProtocolNumber: 1,
    status: 'active',
    chiefComplaint: null,
    initialAssessment: null,
    allergies: null,
    medications: null,
    pastHistory: null,
    handlingInstructions: null,
    helper1: null,
    helper2: null,
    symptoms: null,
    incidentTime: null,
    dischargeStatus: null,
    dischargeOutcome: null,
    dischargeDestination: null,
    handoverTo: null,
    dischargeComment: null,
    dischargedById: null,
    dischargedAt: null,
    treatedById: 7,
    createdAt: '2026-07-04T12:30:00.000Z',
    updatedAt: '2026-07-04T12:30:00.000Z',
    version: 30,
    needsReview: false,
    ...overrides,
  };
}

export const maxMustermann: PatientData = { firstName: 'Max', lastName: 'Mustermann' };

/** A protocol with its patient data, as a pull of an active protocol stores them. */
export async function putProtocol(db: SaniDokDb, protocol: LocalProtocol, patientData: PatientData | null = maxMustermann): Promise<void> {
  await db.protocols.put(protocol);
  if (patientData) await db.patientData.put({ protocolId: protocol.id, patientData, version: 31 });
}

export function vitalRecord(id: string, protocolId: string, recordedAt: string, values: VitalRecord['values']): VitalRecord {
  return { id, protocolId, organizationId: 1, recordedAt, recordedById: 7, values };
}

/** Outbox rows of one mutation name (what the sync engine will send). */
export async function outboxRows(db: SaniDokDb, name: string) {
  return (await db.outbox.toArray()).filter((row) => row.name === name);
}
