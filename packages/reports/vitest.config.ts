import { defineConfig } from 'vitest/config';

// @medplum/core (the FHIR validator of test/fhir) reads WebSocket when it loads; Node 20 has it only behind a flag.
const execArgv = typeof WebSocket === 'undefined' ? ['--experimental-websocket'] : [];

// One module graph per worker, as in apps/sync-server/vitest.config.ts: no test here mocks modules.
export default defineConfig({ test: { name: 'reports', environment: 'node', include: ['test/**/*.test.ts'], execArgv, isolate: false } });
