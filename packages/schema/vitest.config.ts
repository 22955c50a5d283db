import { defineConfig } from 'vitest/config';

// One module graph per worker, as in apps/sync-server/vitest.config.ts: no test here mocks modules.
export default defineConfig({ test: { name: 'schema', environment: 'node', include: ['test/**/*.test.ts'], isolate: false } });
