/**
 * bench/manv: triage of 100 tags by 3 offline tablets, merged on reconnect. Each tablet
 * holds its outbox (register + first triage per tag, a few re-triages); at "reconnect" the three
 * push at the same time, and a fourth device (the lead's board) pulls until it holds every tag and
 * every triage and the shared counts (packages/schema countManv) equal the union's. The time from
 * the reconnect to that consistent state is the figure. Server path only (the tablets' own push
 * loop adds its batching and backoff on top; its latency is part "capture").
 */
import { randomUUID } from 'node:crypto';
import type { ManvPatient, ManvTriage, PullResponse } from '@sanidok/schema';
import { countManv } from '@sanidok/schema';
import { createOwner, freePort, ms, pushAll, registeredDeviceId, startServer, stats } from './lib';
import type { BenchClient } from './lib';
import type { PartReport } from './report';

const tags = 100;
const tablets = 3;
const reTriagesPerTablet = 5;
const runs = 5;

function outboxes(incidentId: string): { name: string; args: unknown }[][] {
  const boxes: { name: string; args: unknown }[][] = Array.from({ length: tablets }, () => []);
  const at = () => new Date().toISOString();
  for (let tag = 1; tag <= tags; tag += 1) {
    const triage = { id: randomUUID(), category: (['sk1', 'sk2', 'sk3'] as const)[tag % 3], phase: 'pre_triage', algorithm: 'mstart', qualification: 'paramedic', triagedAt: at() };
    boxes[tag % tablets]?.push({ name: 'manvPatient.register', args: { id: randomUUID(), incidentId, tagNumber: String(tag), createdAt: at(), triage } });
  }
  for (const box of boxes) {
    for (const entry of box.slice(0, reTriagesPerTablet)) {
      const { id } = entry.args as { id: string };
      box.push({ name: 'manvTriage.record', args: { id: randomUUID(), patientId: id, category: 'sk1', phase: 're_triage', algorithm: 'none', qualification: 'physician', triagedAt: at() } });
    }
  }
  return boxes;
}

/** Pulls from the start until the incident is complete; returns the pages it took. */
async function pullUntilConsistent(client: BenchClient, deviceId: string, incidentId: string, expectedTriages: number): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    const patients: ManvPatient[] = [];
    const triages: ManvTriage[] = [];
    let cursor = '';
    for (;;) {
      // Names a device with a registered key: a pull by the session alone carries no tag (docs/security.md).
      const page = await client.call<PullResponse>('GET', `/api/sync/pull?limit=1000&deviceId=${deviceId}${cursor ? `&cursor=${cursor}` : ''}`);
      for (const change of page.changes) {
        if (change.op !== 'upsert') continue;
        if (change.entity === 'manvPatient' && change.data.incidentId === incidentId) patients.push(change.data);
        if (change.entity === 'manvTriage' && change.data.incidentId === incidentId) triages.push(change.data);
      }
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const counts = countManv(patients, triages);
    if (counts.patients === tags && triages.length === expectedTriages) return attempt;
    if (attempt > 50) throw new Error(`not consistent: ${counts.patients} tags, ${triages.length} triages`);
  }
}

export async function benchManv(): Promise<PartReport> {
  const server = await startServer(await freePort(3340));
  try {
    const owner = await createOwner(server.url, 'bench-manv');
    const { client, organizationId } = owner;
    const deviceId = await registeredDeviceId(owner);
    const serviceId = randomUUID();
    const start = Date.now() - 3_600_000;
    await pushAll(client, [{
      name: 'service.create',
      args: { id: serviceId, name: 'Open Air', description: 'Bench', location: 'Festplatz', organizationId, startDate: new Date(start).toISOString(), endDate: new Date(start + 10 * 3_600_000).toISOString() },
    }]);
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const incidentId = randomUUID();
      await pushAll(client, [{ name: 'manvIncident.open', args: { id: incidentId, serviceId, name: `Übung ${run + 1}`, startedAt: new Date().toISOString() } }]);
      const boxes = outboxes(incidentId);
      const began = process.hrtime.bigint();
      // Three devices (own device ids, own seqs) reconnect at once.
      await Promise.all(boxes.map((box) => pushAll(client, box)));
      await pullUntilConsistent(client, deviceId, incidentId, tags + tablets * reTriagesPerTablet);
      times.push(Number(process.hrtime.bigint() - began) / 1e6);
    }
    const s = stats(times);
    return {
      figures: [
        { label: `reconnect → consistent board, ${tags} tags by ${tablets} tablets (median of ${runs})`, value: ms(s.median), aim: '< 2,000 ms', met: s.median < 2000 },
        { label: 'min / max', value: `${ms(s.min)} / ${ms(s.max)}` },
      ],
      notes: [
        `Per run a new incident; each tablet's outbox holds its ${Math.round(tags / tablets)} or so registrations (each with its first triage) and ${reTriagesPerTablet} re-triages, pushed through \`/api/sync/push\` in one batch per tablet, the three at the same time (three device ids of one user: the server treats devices alike, whoever signs in).`,
        'Consistent = a full pull from the start holds every tag and every triage of the incident and `countManv` (packages/schema/src/manvCounts.ts) counts all 100 tags; the clock stops after that pull.',
      ],
    };
  } finally {
    await server.stop();
  }
}
