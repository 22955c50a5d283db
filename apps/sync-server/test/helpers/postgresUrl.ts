/** TEST_DATABASE_URL when it names PostgreSQL: the server tests then run there (scripts/test.sh). */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

/** The same server and credentials, another database. */
export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}
