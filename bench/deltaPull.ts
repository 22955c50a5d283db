/**
 * bench/deltaPull: what a device pays every 5 s while nothing changed: `GET /api/sync/pull` with an
 * up-to-date cursor. Size of the reply, then its latency under a steady 200 requests/s for 10 s
 * (autocannon, signed-in session cookie) on an organisation holding 10,000 services.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { createOwner, formatNumber, freePort, pushAll, startServer } from './lib';
import type { PartReport } from './report';

const seeded = Number(process.env.BENCH_ROWS ?? 10_000);
const requestsPerSecond = 200;
const durationSeconds = 10;
const warmUpSeconds = 2;
const connections = 10;
const aimBytes = 1024;
const aimP99Ms = 20;

function serviceArgs(organizationId: number, i: number) {
  const start = Date.UTC(2026, 6, 1, 8) + i * 60_000;
  return {
    id: randomUUID(), name: `Dienst ${i}`, description: 'Bench', location: 'Marktplatz', organizationId,
    startDate: new Date(start).toISOString(), endDate: new Date(start + 8 * 3_600_000).toISOString(),
  };
}

/** Bytes on the wire of a reply without the body: status line, header lines, blank line. */
function headerBytes(response: Response): number {
  let bytes = `HTTP/1.1 ${response.status} ${response.statusText}\r\n`.length + 2;
  response.headers.forEach((value, name) => { bytes += Buffer.byteLength(`${name}: ${value}\r\n`); });
  return bytes;
}

function load(url: string, cookie: string, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, overallRate: requestsPerSecond, duration, headers: { ...(cookie ? { cookie } : {}), 'x-sanidok-client': 'bench' } });
}

export async function benchDeltaPull(): Promise<PartReport> {
  const server = await startServer(await freePort(3330));
  try {
    const { client, organizationId } = await createOwner(server.url, 'bench-pull');
    await pushAll(client, Array.from({ length: seeded }, (_, i) => ({ name: 'service.create', args: serviceArgs(organizationId, i) })));
    // The device is up to date: it has pulled every page.
    let cursor = '';
    for (;;) {
      const page = await client.call<{ cursor: string; hasMore: boolean }>('GET', `/api/sync/pull?limit=1000${cursor ? `&cursor=${cursor}` : ''}`);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const url = `${server.url}/api/sync/pull?cursor=${cursor}&schemaVersion=${SYNC_SCHEMA_VERSION}`;
    const response = await fetch(url, { headers: { cookie: client.sessionCookie, 'x-sanidok-client': 'bench' } });
    const body = await response.text();
    const reply = JSON.parse(body) as { changes: unknown[]; hasMore: boolean };
    if (!response.ok || reply.changes.length !== 0 || reply.hasMore) throw new Error(`the no-change pull returned ${response.status}, ${reply.changes.length} changes`);
    const bodyBytes = Buffer.byteLength(body);

    await load(url, client.sessionCookie, warmUpSeconds);
    const result = await load(url, client.sessionCookie, durationSeconds);
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed > 0) throw new Error(`${failed} of ${result.requests.total} requests failed (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)`);
    const { latency } = result;
    // The floor on this machine at the same rate: the smallest route (no session, no database).
    const floor = (await load(`${server.url}/api/health`, '', durationSeconds)).latency;
    return {
      figures: [
        { label: 'reply body, no changes', value: `${formatNumber(bodyBytes)} bytes`, aim: '< 1 KB', met: bodyBytes < aimBytes },
        { label: 'reply headers (status line + headers)', value: `${formatNumber(headerBytes(response))} bytes` },
        { label: `p99 latency at ${requestsPerSecond} req/s for ${durationSeconds} s`, value: `${latency.p99} ms`, aim: `< ${aimP99Ms} ms`, met: latency.p99 < aimP99Ms },
        { label: 'median / p90 / max latency', value: `${latency.p50} / ${latency.p90} / ${latency.max} ms` },
        { label: 'floor: GET /api/health at the same rate, median / p99', value: `${floor.p50} / ${floor.p99} ms` },
        { label: 'requests answered', value: `${formatNumber(result.requests.total)} (${result.requests.average.toFixed(0)} req/s, all 2xx)` },
      ],
      notes: [
        `One owner with one organisation holding ${formatNumber(seeded)} services (pushed through \`/api/sync/push\`), cursor taken from a full pull; the request carries the session cookie and \`schemaVersion\` as the app's does.`,
        'The body is the reply of every pull while nothing changed: the new cursor, `hasMore`, the full organisation list (with role, block state, public keys and fingerprint) and an empty `changes` array; uncompressed.',
        `autocannon ${connections} connections, \`overallRate\` ${requestsPerSecond}/s for ${durationSeconds} s after a ${warmUpSeconds} s warm-up at the same rate; latency from the request being written to the last byte of the reply, on 127.0.0.1.`,
      ],
    };
  } finally {
    await server.stop();
  }
}
