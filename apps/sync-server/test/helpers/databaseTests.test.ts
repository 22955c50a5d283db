import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { databaseTestFiles, serverTestFiles } from './databaseTests';

/**
 * The PostgreSQL pass leaves out the server tests that open no database (./databaseTests.ts). A
 * test left out that does touch a database — by a path the import rule misses, say an import
 * written in a way it does not read — would then never run on PostgreSQL: this fails first.
 */
const appRoot = fileURLToPath(new URL('../..', import.meta.url));
// What opens the database under test: an app, a connection, or the test database's address.
const databaseUse = new RegExp(['createTestApp', 'buildApp', 'openPostgres', 'openConfiguredDatabase', 'new Kysely', "from 'pg'", 'better-sqlite3', 'TEST_DATABASE_URL', 'testDatabaseUrl'].join('|'));

describe('tests of the PostgreSQL pass', () => {
  const selected = databaseTestFiles(appRoot);

  it('selects the tests that reach a database, through helpers too', () => {
    expect(selected).toContain('test/routes/api/sync.test.ts');
    // Reaches the app only through test/authorization's helpers.
    expect(selected).toContain('test/authorization/rest.matrix.test.ts');
    expect(selected).toContain('test/db/concurrentCursors.pg.test.ts');
    expect(selected).not.toContain('test/domain/accounts/totp.test.ts');
  });

  it('leaves out only tests that use no database at all', () => {
    const all = serverTestFiles(appRoot);
    const leftOut = all.filter((file) => !selected.includes(file) && file !== 'test/helpers/databaseTests.test.ts');
    expect(leftOut.length).toBeLessThan(all.length / 4);
    const touching = leftOut.filter((file) => databaseUse.test(readFileSync(path.join(appRoot, file), 'utf8')));
    expect(touching).toEqual([]);
  });
});
