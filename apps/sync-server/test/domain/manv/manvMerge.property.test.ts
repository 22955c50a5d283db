import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { ManvPatient, ManvTriage, PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION, countManv } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { pullAsDevice, registerDevice } from '../../helpers/deviceKeys';
import { json } from '../../helpers/json';
import { runCount } from '../../helpers/runCount';
import { addMember, createOrganization } from '../../helpers/organizations';
import { assignTeam, createServiceVia } from '../../helpers/services';
import type { Client } from '../../helpers/testApp';
import { createTestApp, registeredClient } from '../../helpers/testApp';

/**
 * Three tablets triage offline and reconnect in any order: whatever the interleaving of
 * their pushes, and with batches sent twice (a lost answer), the server holds every tag and every
 * triage event exactly once and the counts equal those of the union of the three devices' events.
 */

interface Mutation {
  mutationId: string;
  seq: number;
  name: string;
  args: unknown;
  createdAt: string;
}

const categories = ['sk1', 'sk2', 'sk3', 'ex', 'b'] as const;

describe('MANV merge of three offline tablets', () => {
  it('holds each record once and counts the union, in every push order', { timeout: 300_000 }, async () => {
    const app = await createTestApp();
    const lead = await registeredClient(app, 'leitung');
    const { id: orgId } = await createOrganization(lead);
    const tablets: Client[] = [];
    for (const name of ['sani1', 'sani2', 'sani3']) tablets.push(await addMember(app, lead, orgId, name));
    const service = await createServiceVia(lead, orgId);
    await assignTeam(lead, service.id, [lead, ...tablets]);
    // The lead's tablet, registered with the password: a pull by the session alone carries no tag.
    const leadTablet = await registerDevice(lead);

    // Per device: tags (some numbers shared with another device), each with 1–3 triage events.
    const device = fc.array(fc.record({ tag: fc.integer({ min: 1, max: 12 }), events: fc.array(fc.constantFrom(...categories), { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 6 });
    const plan = fc.record({ devices: fc.tuple(device, device, device), order: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 30, maxLength: 60 }), resend: fc.boolean() });

    await fc.assert(
      fc.asyncProperty(plan, async ({ devices, order, resend }) => {
        const incidentId = randomUUID();
        const opened = json<PushResponse>(await lead.post('/api/sync/push', {
          deviceId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION,
          mutations: [{ mutationId: randomUUID(), seq: 1, name: 'manvIncident.open', args: { id: incidentId, serviceId: service.id, name: 'Übung', startedAt: new Date().toISOString() }, createdAt: new Date().toISOString() }],
        }));
        expect(opened.results[0]?.status).toBe('applied');
        const base = Date.now();
        const expectedPatients: Pick<ManvPatient, 'id' | 'tagNumber' | 'duplicateOf' | 'transport'>[] = [];
        const expectedTriages: Pick<ManvTriage, 'id' | 'patientId' | 'category' | 'phase' | 'triagedAt'>[] = [];
        // Each device's outbox, in its own seq order.
        const outboxes = devices.map((tags, d) => {
          const rows: Mutation[] = [];
          const seen = new Map<number, string>();
          let minute = 0;
          for (const { tag, events } of tags) {
            for (const category of events) {
              const triagedAt = new Date(base + (minute += 1) * 1000 + d).toISOString();
              const triage = { id: randomUUID(), category, algorithm: 'none', qualification: 'paramedic', triagedAt };
              const known = seen.get(tag);
              if (known) {
                rows.push({ mutationId: randomUUID(), seq: rows.length + 1, name: 'manvTriage.record', args: { ...triage, phase: 're_triage', patientId: known }, createdAt: triagedAt });
                expectedTriages.push({ ...triage, phase: 're_triage', patientId: known });
              } else {
                const id = randomUUID();
                seen.set(tag, id);
                rows.push({ mutationId: randomUUID(), seq: rows.length + 1, name: 'manvPatient.register', args: { id, incidentId, tagNumber: String(tag), createdAt: triagedAt, triage: { ...triage, phase: 'pre_triage' } }, createdAt: triagedAt });
                expectedPatients.push({ id, tagNumber: String(tag), duplicateOf: null, transport: null });
                expectedTriages.push({ ...triage, phase: 'pre_triage', patientId: id });
              }
            }
          }
          return { deviceId: randomUUID(), rows, sent: 0 };
        });
        // Interleave: each step sends the next one or two rows of the chosen device.
        const push = async (d: number, rows: Mutation[]) => {
          const [tablet, box] = [tablets[d], outboxes[d]];
          if (!tablet || !box) throw new Error(`Tablet ${d} fehlt`);
          const response = await tablet.post('/api/sync/push', { deviceId: box.deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: rows });
          expect(response.statusCode).toBe(200);
          for (const result of json<PushResponse>(response).results) expect(result.status).not.toBe('rejected');
        };
        for (const d of [...order, 0, 1, 2, 0, 1, 2]) {
          const box = outboxes[d];
          if (!box) continue;
          const batch = box.rows.slice(box.sent, box.sent + 2);
          if (batch.length === 0) continue;
          await push(d, batch);
          if (resend) await push(d, batch);
          box.sent += batch.length;
        }
        for (const [d, box] of outboxes.entries()) if (box.sent < box.rows.length) await push(d, box.rows.slice(box.sent));

        const changes = (await pullAsDevice(lead, leadTablet)).changes;
        const patients = changes.filter((c) => c.entity === 'manvPatient' && c.op === 'upsert').map((c) => (c as { data: ManvPatient }).data).filter((p) => p.incidentId === incidentId);
        const triages = changes.filter((c) => c.entity === 'manvTriage' && c.op === 'upsert').map((c) => (c as { data: ManvTriage }).data).filter((t) => t.incidentId === incidentId);
        expect(patients.map((p) => p.id).sort()).toEqual(expectedPatients.map((p) => p.id).sort());
        expect(triages.map((t) => t.id).sort()).toEqual(expectedTriages.map((t) => t.id).sort());
        expect(countManv(patients, triages)).toEqual(countManv(expectedPatients, expectedTriages));
      }),
      { numRuns: runCount('MANV_PROPERTY_RUNS', { quick: 12, deep: 50 }) },
    );
  });
});
