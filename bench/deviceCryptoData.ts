/**
 * The pull of bench/deviceCrypto (part 12), shared by its Node run and its Chromium page
 * (./deviceCryptoPage.ts): 2,000 protocols with their patient data in pages of 500 + 500 rows.
 * No Node imports: the page bundle includes this module.
 */
import type { PatientProtocol, PullResponse, SyncChange } from '@sanidok/schema';

export const protocolCount = 2_000;
export const pageSize = 500;
export const listSize = 200;

function protocol(serviceId: string, i: number): PatientProtocol {
  const at = new Date(Date.UTC(2026, 6, 1, 8) + i * 60_000).toISOString();
  return {
    id: globalThis.crypto.randomUUID(), serviceId, serviceName: 'Stadtfest', organizationId: 1, serviceProtocolNumber: i + 1, status: 'active',
    chiefComplaint: 'Schnittwunde am Unterarm nach Sturz vom Fahrrad', symptoms: 'Blutung gestillt, Schmerz 4/10', incidentTime: at,
    initialAssessment: 'wach, orientiert, Haut blass', allergies: 'Penicillin', medications: 'Ramipril 5 mg', pastHistory: 'Hypertonie',
    handlingInstructions: null, helper1: 'Mona Member', helper2: null, dischargeStatus: null, dischargeOutcome: null, dischargeDestination: null, handoverTo: null,
    dischargeComment: null, dischargedById: null, dischargedAt: null, treatedById: 2, createdAt: at, updatedAt: at, version: i + 1, needsReview: false,
  };
}

/** One service id per list of `listSize` protocols. */
export function serviceIds(): string[] {
  return Array.from({ length: protocolCount / listSize }, () => globalThis.crypto.randomUUID());
}

export function pullPages(services: string[]): PullResponse[] {
  const organization = {
    id: 1, name: 'DRK Musterstadt', description: null, createdAt: '2026-07-01T08:00:00.000Z', role: 'owner' as const, isBlocked: false, memberCount: 12,
    memberSince: '2026-07-01T08:00:00.000Z', sealingPublicKey: 'x'.repeat(43), signingPublicKey: 'y'.repeat(43), keyFingerprint: `${'abcd-'.repeat(7)}abcd`, keyConfirmed: true, keyRecovery: null, lockAfterMinutes: 5, retentionYears: 10,
  };
  const changes: SyncChange[] = [];
  for (let i = 0; i < protocolCount; i += 1) {
    const data = protocol(services[i % services.length] ?? '', i);
    changes.push({ entity: 'protocol', op: 'upsert', id: data.id, organizationId: 1, version: 2 * i + 1, data });
    const patientData = { firstName: `Erika${i}`, lastName: 'Mustermann', dateOfBirth: '1961-09-02', address: 'Hauptstraße 1, 79379 Müllheim', phone: '+49 7631 12345' };
    changes.push({ entity: 'patientData', op: 'upsert', id: data.id, organizationId: 1, version: 2 * i + 2, data: { protocolId: data.id, patientData, version: 2 * i + 2 } });
  }
  const result: PullResponse[] = [];
  for (let start = 0; start < changes.length; start += 2 * pageSize) {
    const slice = changes.slice(start, start + 2 * pageSize);
    result.push({ cursor: `c${start}`, hasMore: start + 2 * pageSize < changes.length, organizations: [organization], patientDataServices: services, changes: slice });
  }
  return result;
}
