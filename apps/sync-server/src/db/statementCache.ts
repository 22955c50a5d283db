import type SQLite from 'better-sqlite3';

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running a small
 * statement. Statements are keyed by their SQL text (parameters are bound per call), so a sync
 * push of 200 similar mutations prepares each statement once. Bounded, oldest evicted first.
 */
export function withStatementCache(database: SQLite.Database, limit = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = database.prepare.bind(database);
  return new Proxy(database, {
    get(target, property, receiver) {
      if (property !== 'prepare') return Reflect.get(target, property, receiver) as unknown;
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          statement = prepare(source);
          if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}
