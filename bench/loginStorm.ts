/**
 * bench/loginStorm: does a login storm stall everyone else? 50 correct logins
 * per second for 10 s (Argon2id each, on the worker pool of packages/crypto/src/passwordsPool.ts)
 * while `GET /api/health` is asked 50 times per second; the aim is its p99 under 20 ms. The same
 * health load without logins first, as the floor.
 */
import autocannon from 'autocannon';
import { BenchClient, formatNumber, freePort, startServer } from './lib';
import type { PartReport } from './report';

const loginsPerSecond = 50;
const healthPerSecond = 50;
const durationSeconds = 10;
const users = 10;
const password = 'bench-login-pw-1';
const aimP99Ms = 20;

const headers = { 'content-type': 'application/json', 'x-sanidok-client': 'bench' };

function health(url: string): Promise<autocannon.Result> {
  return autocannon({ url: `${url}/api/health`, connections: 5, overallRate: healthPerSecond, duration: durationSeconds });
}

/** Correct logins spread over `users` accounts (a right password never meets the account limit). */
function logins(url: string): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}/api/login`, connections: 20, overallRate: loginsPerSecond, duration: durationSeconds,
    requests: Array.from({ length: users }, (_, i) => ({ method: 'POST' as const, headers, body: JSON.stringify({ username: `storm${i}`, password }) })),
  });
}

export async function benchLoginStorm(): Promise<PartReport> {
  const server = await startServer(await freePort(3370));
  try {
    for (let i = 0; i < users; i += 1) {
      await new BenchClient(server.url).call('POST', '/api/register', { username: `storm${i}`, email: `storm${i}@example.de`, password });
    }
    const floor = (await health(server.url)).latency;
    const [during, storm] = await Promise.all([health(server.url), logins(server.url)]);
    const failed = storm.non2xx + storm.errors + storm.timeouts;
    const { latency } = during;
    return {
      figures: [
        { label: `GET /api/health p99 during ${loginsPerSecond} logins/s`, value: `${latency.p99} ms`, aim: `< ${aimP99Ms} ms`, met: latency.p99 < aimP99Ms },
        { label: 'GET /api/health median / p90 / max during the storm', value: `${latency.p50} / ${latency.p90} / ${latency.max} ms` },
        { label: 'floor: GET /api/health without logins, median / p99', value: `${floor.p50} / ${floor.p99} ms` },
        { label: 'logins answered', value: `${formatNumber(storm.requests.total)} (${storm.requests.average.toFixed(0)}/s, ${failed} not 2xx)` },
        { label: 'login latency median / p99', value: `${storm.latency.p50} / ${storm.latency.p99} ms` },
      ],
      notes: [
        `${users} accounts, correct passwords (each login verifies Argon2id, m = 19 MiB, t = 2), autocannon \`overallRate\` ${loginsPerSecond}/s for ${durationSeconds} s; at the same time /api/health at ${healthPerSecond}/s. The built server with AUTH_RATE_LIMIT=10000, on 127.0.0.1.`,
        'Logins beyond what the pool can hash wait in its queue: their latency grows, the event loop does not stall.',
      ],
    };
  } finally {
    await server.stop();
  }
}
