/**
 * bench/serialization: what replying through the route schemas costs. The same reply
 * serialised by `JSON.stringify` (what Fastify did without a reply schema) and by the schema
 * serializer the routes use now (`safeEncode` of the zod reply schema, then JSON;
 * apps/sync-server/src/plugins/typedRoutes.ts): a full pull page and two REST lists. In-process,
 * no HTTP: the difference is the serialisation alone.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { PatientProtocolWithSummary, PullResponse, Service } from '@sanidok/schema';
import { protocolWithSummaryReply, pullReply, serviceReply } from '@sanidok/schema';
import { sharedSchemaSerializerCompiler } from '../apps/sync-server/src/plugins/replySerializer';
import type { Figure, PartReport } from './report';

const rows = Number(process.env.BENCH_SERIALIZE_ROWS ?? 500);
const rounds = 200;

function service(i: number): Service {
  const start = Date.UTC(2026, 6, 1, 8) + i * 60_000;
  return {
    id: randomUUID(), name: `Dienst ${i}`, description: 'Sanitätsdienst beim Stadtfest', location: 'Marktplatz', startDate: new Date(start).toISOString(),
    endDate: new Date(start + 8 * 3_600_000).toISOString(), organizationId: 1, organizationName: 'DRK Musterstadt', createdById: 1, createdByName: 'Olga Owner',
    createdAt: new Date(start).toISOString(), updatedAt: new Date(start).toISOString(), status: 'active', isBlocked: false, accessCode: null, version: i + 1, needsReview: false,
  };
}

function protocol(i: number): PatientProtocolWithSummary {
  const at = new Date(Date.UTC(2026, 6, 1, 8) + i * 60_000).toISOString();
  return {
    id: randomUUID(), serviceId: randomUUID(), serviceName: 'Stadtfest', organizationId: 1, serviceProtocolNumber: i + 1, status: 'active',
    chiefComplaint: 'Schnittwunde am Unterarm', symptoms: 'Blutung gestillt', incidentTime: at, initialAssessment: 'wach, orientiert', allergies: null, medications: null, pastHistory: null,
    handlingInstructions: null, helper1: 'Mona Member', helper2: null, dischargeStatus: null, dischargeOutcome: null, dischargeDestination: null, handoverTo: null,
    dischargeComment: null, dischargedById: null, dischargedAt: null, treatedById: 2, createdAt: at, updatedAt: at, version: i + 1, needsReview: false,
    treatmentSummary: 'Wundversorgung, Pflaster',
  };
}

function pullPage(): PullResponse {
  const organization = {
    id: 1, name: 'DRK Musterstadt', description: null, createdAt: '2026-07-01T08:00:00.000Z', role: 'owner' as const, isBlocked: false, memberCount: 12,
    memberSince: '2026-07-01T08:00:00.000Z', sealingPublicKey: 'x'.repeat(43), signingPublicKey: 'y'.repeat(43), keyFingerprint: 'abcd-'.repeat(7) + 'abcd', keyConfirmed: true, keyRecovery: null, lockAfterMinutes: 5, retentionYears: 10,
  };
  const changes = Array.from({ length: rows }, (_, i) => {
    const data = service(i);
    return { entity: 'service' as const, op: 'upsert' as const, id: data.id, organizationId: 1, version: data.version, data };
  });
  return { cursor: 'eyIxIjo1MDB9', hasMore: true, organizations: [organization], patientDataServices: [], changes };
}

/** Median microseconds of one serialisation, over `rounds` after a warm-up. */
function median(serialize: (value: unknown) => string, value: unknown): { micros: number; bytes: number } {
  for (let i = 0; i < 20; i++) serialize(value);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    bytes = serialize(value).length;
    times.push((performance.now() - start) * 1000);
  }
  times.sort((a, b) => a - b);
  return { micros: times[Math.floor(times.length / 2)] ?? 0, bytes };
}

export function benchSerialization(): PartReport {
  const cases: { label: string; schema: typeof pullReply | ReturnType<typeof serviceReply.array> | ReturnType<typeof protocolWithSummaryReply.array>; value: unknown }[] = [
    { label: `GET /api/sync/pull, page of ${rows} service changes`, schema: pullReply, value: pullPage() },
    { label: `GET /api/services, ${rows} services`, schema: serviceReply.array(), value: Array.from({ length: rows }, (_, i) => service(i)) },
    { label: `GET /api/patient-protocols, ${rows} protocols`, schema: protocolWithSummaryReply.array(), value: Array.from({ length: rows }, (_, i) => protocol(i)) },
  ];
  const figures: Figure[] = [];
  for (const { label, schema, value } of cases) {
    const plain = median((v) => JSON.stringify(v), value);
    const typed = median(sharedSchemaSerializerCompiler({ schema, method: 'GET', url: label, httpStatus: '200' }), value);
    figures.push({
      label: `serialize: ${label}`,
      value: `${(typed.micros / 1000).toFixed(2)} ms with its schema / ${(plain.micros / 1000).toFixed(2)} ms JSON.stringify (${(typed.micros / plain.micros).toFixed(1)}×, ${Math.round(typed.bytes / 1024)} KiB)`,
    });
  }
  return {
    figures,
    notes: [
      `Median of ${rounds} serialisations after 20 warm-up rounds, in one process, no HTTP. "With its schema" is the route's serializer ` +
        '(zod `safeEncode` of the reply schema, which also drops every field the schema does not name, then `JSON.stringify`).',
    ],
  };
}
