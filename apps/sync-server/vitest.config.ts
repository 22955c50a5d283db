import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { databaseTestFiles } from './test/helpers/databaseTests.ts';

/**
 * The server tests run on SQLite, or on PostgreSQL with TEST_DATABASE_URL=postgres://…
 * (scripts/test.sh runs both). On PostgreSQL a global setup migrates a template database once;
 * every test app copies it (test/helpers/testDatabase.ts).
 */
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '');

export default defineConfig({
  test: {
    name: 'sync-server',
    environment: 'node',
    // On PostgreSQL only the tests that reach a database (test/helpers/databaseTests.ts): the
    // others check nothing a database could change and ran on the SQLite pass.
    include: onPostgres ? databaseTestFiles(fileURLToPath(new URL('.', import.meta.url))) : ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/setup.ts'],
    // One module graph per worker instead of one per file: importing the app (Fastify, Kysely,
    // zod schemas, libsodium) cost ~0.5 s per file, most of the project's time. Safe because no
    // server test mocks modules and the module-level caches of src/ are keyed by database or
    // device (docs/decisions.md "Server tests share one module graph per worker").
    isolate: false,
    // `*.pg.test.ts` test what only PostgreSQL has (concurrent writers); `*.sqlite.test.ts` what
    // only SQLite has (its file, its WAL). Each file says why at its top.
    exclude: ['**/node_modules/**', onPostgres ? 'test/**/*.sqlite.test.ts' : 'test/**/*.pg.test.ts'],
    testTimeout: 20_000,
    // Cleanup hooks close apps, pools and throw-away PostgreSQL databases: seconds on a busy machine.
    hookTimeout: 60_000,
    globalSetup: onPostgres ? ['test/helpers/postgresGlobalSetup.ts'] : [],
  },
});
