/** TEST_DATABASE_URL when it names PostgreSQL: the server tests then run there (scripts/test.sh). */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

/**
 * The same server and credentials, another database. Its connections commit without waiting for
 * the disk (`synchronous_commit=off`: a crash may lose the last commits, never corrupt): the test
 * databases are thrown away, and the machine's own server runs with fsync on. Nothing else about
 * the database changes, so PostgreSQL's behaviour under test stays the product's.
 */
export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  url.searchParams.set('options', '-c synchronous_commit=off');
  return url.toString();
}
