// TypeScript 6 loads no @types by default and this file lies in no tsconfig that ESLint finds (allowDefaultProject in eslint.config.js).
/// <reference types="node" />
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium against the real built app, served by the real server
 * on a fresh SQLite file.
 *
 * Two lanes run side by side, each with its own server, database and data folder (wiped at every
 * start) and one worker: its spec files run one after another, and a spec that changes the
 * server's global state (beta mode, the admin's second factor, mail settings) only meets specs of
 * its own lane. Most of a spec's time is waiting (sync intervals, polling, page loads): two lanes
 * without traces kept about half of the two cores busy in a sampled run (2026-11-24), and ran the
 * 59 tests in 11.0 min; one lane took 29.6 min on a slower machine the same day. E2E_LANES=1 runs
 * one lane, to tell a slow machine from a failing spec. On that slow machine two lanes failed in
 * seven specs that passed alone; on the next machine, also with a busy loop taking one core, they
 * all passed.
 * e2e/support/lane.ts gives a spec its lane's database file and address.
 */
const basePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eAdmin = { username: 'e2e-admin', password: 'e2e-admin-passwort' };

/** Debian's Chromium (no browser download here); e2e/tlsProxy.spec.ts adds one flag to these. */
export const launchOptions = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

/**
 * The second lane's spec files: about half of the suite's time (seconds per spec in the fresh-clone
 * run of 2026-11-28: lane one 442 s, lane two 362 s before drafts.spec moved here). The first lane
 * keeps the admin's specs together.
 */
const secondLaneSpecs = [
  'manv.spec.ts', // 53
  'syncFaults.spec.ts', // 52
  'tabletLayout.spec.ts', // 40
  'drafts.spec.ts', // 38
  'protocolConflicts.spec.ts', // 30
  'services.spec.ts', // 28
  'board.spec.ts', // 25
  'rolesJourney.spec.ts', // 25
  'twoProcessFaults.spec.ts', // 25
  'protocols.spec.ts', // 23
  'serviceTeams.spec.ts', // 22
  'pwa.spec.ts', // 20
  'twoProcesses.spec.ts', // 19
].map((file) => `**/${file}`);

const laneCount = process.env.E2E_LANES === '1' ? 1 : 2;
const lanes = [
  { name: 'chromium', port: basePort, dataDir: 'e2e/.data', testIgnore: laneCount === 2 ? secondLaneSpecs : [] },
  { name: 'chromium-2', port: basePort + 1, dataDir: 'e2e/.data-2', testMatch: secondLaneSpecs },
].slice(0, laneCount);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: lanes.length,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  // 20 s: a full page load of a signed-in screen starts locked, and the unlock (Argon2id, the
  // database, the sync session) then runs while the other lane's server and browser share the two
  // cores; on a slow CI machine (2026-11-24 evening: suites ~1.6× slower) 10 s cut that off in
  // specs that pass alone. The assertions themselves are unchanged.
  expect: { timeout: 20_000 },
  // scripts/lib.sh sets E2E_JSON_REPORT: the per-file timings of scripts/slowest.mjs.
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : [['list']],
  use: {
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // Off unless asked for (E2E_TRACE=1): recording screencast and DOM snapshots of every test
    // cost about a fifth of the run's time on 2 cores (2026-11-24: five specs 4.8 min with, 3.8
    // min without), and CI shows only the printed output, never the trace files.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    // Without these a click on an element that never comes waits for the test's whole timeout
    // (15 min in manv.spec.ts, which hung so in the CI run of 2026-11-24) and the report names
    // only the clean-up; with them the failing step is named within a minute.
    actionTimeout: 45_000,
    navigationTimeout: 60_000,
    launchOptions,
  },
  projects: lanes.map(({ name, port, dataDir, ...files }) => ({
    name,
    workers: 1,
    metadata: { dataDir },
    ...files,
    use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${port}` },
  })),
  webServer: lanes.map(({ port, dataDir }) => ({
    command: `rm -rf ${dataDir} && node apps/sync-server/dist/server.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:./${dataDir}/sanidok.db`,
      ADMIN_USERNAME: e2eAdmin.username,
      ADMIN_PASSWORD: e2eAdmin.password,
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
    },
  })),
});
