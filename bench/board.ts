/**
 * bench/board: the command-post board's live path. 20 devices push diary entries (one
 * each per second, 30 s); 200 board event streams are open on the service. Five of them act as
 * boards: on each `change` event they pull (as the board's sync engine does) and note when the
 * entry shows up — latency from the push's answer to the pull that brings it (the repaint follows
 * in the same frame; e2e/board.spec.ts prints the in-browser figure). The server's memory and CPU
 * come from /proc of its process: without streams, with 200 idle streams, and under the pushes.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { BenchClient, createOwner, formatNumber, freePort, startServer, stats } from './lib';
import type { PartReport } from './report';

const devices = 20;
const streamsTotal = 200;
const streamsPerUser = 5;
const measuringBoards = 5;
const pushSeconds = 30;
const aimP95Ms = 2000;

/** Resident memory (MiB) and CPU seconds (user + system) of a process, from /proc. */
function processFigures(pid: number): { rssMiB: number; cpuSeconds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return { rssMiB: rssKiB / 1024, cpuSeconds: ticks / 100 };
}

/** Whether an event asked for another pull while one ran. */
const wantsAgain = (board: { again: boolean }): boolean => board.again;

const sleep = (msValue: number) => new Promise((resolve) => setTimeout(resolve, msValue));

/** Opens an event stream with a session cookie; `onChange` per `change` event. */
function openStream(base: string, cookie: string, serviceId: string, onChange: () => void): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/services/${serviceId}/events`, { headers: { cookie, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream → ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          if (buffer.slice(0, end).includes('event: change')) onChange();
          buffer = buffer.slice(end + 2);
        }
      });
      resolve(response);
    });
    req.on('error', reject);
    req.end();
  });
}

async function member(base: string, inviter: BenchClient, organizationId: number, username: string): Promise<BenchClient> {
  const client = new BenchClient(base);
  await client.call('POST', '/api/register', { username, email: `${username}@example.de`, password: 'Bench-Sani-Passwort-42' });
  await inviter.call('POST', `/api/organizations/${organizationId}/invite`, { username, role: 'admin' });
  const invitations = await client.call<{ id: number }[]>('GET', '/api/invitations');
  await client.call('POST', `/api/invitations/${invitations[0]?.id ?? 0}/respond`, { response: 'accepted' });
  return client;
}

export async function benchBoard(): Promise<PartReport> {
  const server = await startServer(await freePort(3390));
  const pid = server.process.pid ?? 0;
  const streams: IncomingMessage[] = [];
  try {
    const owner = await createOwner(server.url, 'board-owner');
    const serviceId = randomUUID();
    const now = Date.now();
    await owner.client.call('POST', '/api/services', {
      id: serviceId, name: 'Bench-Festival', description: 'Lagetafel', location: 'Bühne', organizationId: owner.organizationId,
      startDate: new Date(now - 3_600_000).toISOString(), endDate: new Date(now + 8 * 3_600_000).toISOString(),
    });
    // Invitations are limited per inviter (20 an hour): members are admins and invite the next ones.
    const members: BenchClient[] = [];
    let inviter = owner.client;
    for (let i = 0; i < streamsTotal / streamsPerUser; i += 1) {
      if (i > 0 && i % 15 === 0) inviter = members.at(-1) ?? owner.client;
      members.push(await member(server.url, inviter, owner.organizationId, `board-m${i}`));
    }
    await sleep(2000);
    const before = processFigures(pid);

    // 200 streams: five per member; the first stream of the first five members is a measuring board.
    const boards = members.slice(0, measuringBoards).map((client) => ({ client, cursor: undefined as string | undefined, busy: false, again: false }));
    const pushedAt = new Map<string, number>();
    const latencies: number[] = [];
    const pullOnce = async (board: (typeof boards)[number]): Promise<void> => {
      if (board.busy) {
        board.again = true;
        return;
      }
      board.busy = true;
      do {
        board.again = false;
        const query = board.cursor ? `&cursor=${encodeURIComponent(board.cursor)}` : '';
        const reply = await board.client.call<{ cursor: string; changes: { entity: string; id: string }[] }>('GET', `/api/sync/pull?limit=1000&schemaVersion=${SYNC_SCHEMA_VERSION}${query}`);
        board.cursor = reply.cursor;
        const at = Date.now();
        for (const change of reply.changes) {
          const pushed = pushedAt.get(change.id);
          if (change.entity === 'diaryEntry' && pushed !== undefined) latencies.push(at - pushed);
        }
        // Set by an event that came while this pull ran (a function call: the compiler cannot see that).
      } while (wantsAgain(board));
      board.busy = false;
    };
    for (const board of boards) await pullOnce(board);
    for (const [index, client] of members.entries()) {
      for (let s = 0; s < streamsPerUser; s += 1) {
        const board = s === 0 ? boards[index] : undefined;
        streams.push(await openStream(server.url, client.sessionCookie, serviceId, board ? () => void pullOnce(board) : () => undefined));
      }
    }
    await sleep(10_000);
    const idle = processFigures(pid);
    await sleep(10_000);
    const idleLater = processFigures(pid);

    // 20 devices, one diary entry each per second, for 30 s.
    const pushers = members.slice(0, devices).map((client) => ({ client, deviceId: randomUUID(), seq: 0 }));
    const loadStart = processFigures(pid);
    const started = Date.now();
    let pushes = 0;
    await Promise.all(pushers.map(async (device, index) => {
      await sleep((index * 1000) / devices);
      while (Date.now() - started < pushSeconds * 1000) {
        const id = randomUUID();
        device.seq += 1;
        const tick = Date.now();
        await device.client.call('POST', '/api/sync/push', {
          deviceId: device.deviceId, schemaVersion: SYNC_SCHEMA_VERSION, pendingCount: 1,
          mutations: [{ mutationId: randomUUID(), seq: device.seq, name: 'diaryEntry.create', args: { id, serviceId, text: `Lage ${device.seq}`, occurredAt: new Date().toISOString() }, createdAt: new Date().toISOString() }],
        });
        pushedAt.set(id, Date.now());
        pushes += 1;
        await sleep(Math.max(0, 1000 - (Date.now() - tick)));
      }
    }));
    await sleep(3000);
    const loadEnd = processFigures(pid);
    const loadSeconds = (Date.now() - started) / 1000;
    const latency = stats(latencies);
    const sorted = [...latencies].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? Number.NaN;
    const expected = pushes * measuringBoards;
    return {
      figures: [
        { label: `board update latency p95 (push answered → board's pull has the entry), ${devices} devices pushing`, value: `${p95} ms`, aim: `< ${aimP95Ms} ms`, met: p95 < aimP95Ms },
        { label: 'latency median / p99 / max', value: `${latency.median} / ${latency.p99} / ${latency.max} ms` },
        { label: 'entries seen by the measuring boards', value: `${formatNumber(latencies.length)} of ${formatNumber(expected)} (${pushes} pushes × ${measuringBoards} boards)` },
        { label: 'server memory (RSS): no streams → 200 open streams', value: `${before.rssMiB.toFixed(0)} MiB → ${idle.rssMiB.toFixed(0)} MiB` },
        { label: 'server CPU with 200 idle streams (keep-alive, access re-checks)', value: `${(((idleLater.cpuSeconds - idle.cpuSeconds) / 10) * 100).toFixed(1)} % of one core` },
        { label: `server CPU during the pushes (${(pushes / loadSeconds).toFixed(0)} pushes/s to 200 streams)`, value: `${(((loadEnd.cpuSeconds - loadStart.cpuSeconds) / loadSeconds) * 100).toFixed(0)} % of one core` },
        { label: 'server memory (RSS) after the pushes', value: `${loadEnd.rssMiB.toFixed(0)} MiB` },
      ],
      notes: [
        `The built server on SQLite, one process, on 127.0.0.1; ${streamsTotal / streamsPerUser} members with ${streamsPerUser} streams each (the limit is 6 per user). The bench process (streams, pushes, pulls) runs on the same 2 cores.`,
        'Each push is one `diaryEntry.create`; every write announces "changed up to V" to the organisation\'s streams; a measuring board pulls with its own cursor on each event (coalescing a pull that is already running, as the sync engine does).',
        'CPU idle is measured over 10 s with the default keep-alive of 15 s; memory is VmRSS.',
      ],
    };
  } finally {
    for (const stream of streams) stream.destroy();
    await server.stop();
  }
}
