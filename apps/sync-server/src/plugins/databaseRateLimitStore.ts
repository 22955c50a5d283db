import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/connection';

/**
 * @fastify/rate-limit's counter in the database (table rate_limit_windows), for several server
 * processes on one PostgreSQL database: the limit per client address holds for all of them
 * together, not per process. A fixed window per key, like the plugin's LocalStore; one upsert per
 * request counts and reads at once. Keys are prefixed with the route (`child`), as each route
 * counts on its own.
 */
class DatabaseStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly prefix = '',
  ) {}

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    const now = Date.now();
    const expired = sql<boolean>`rate_limit_windows.window_start_ms + ${timeWindow} <= ${now}`;
    this.db
      .insertInto('rateLimitWindows')
      .values({ key: `${this.prefix}${key}`, hits: 1, windowStartMs: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when ${expired} then 1 else rate_limit_windows.hits + 1 end`,
          windowStartMs: sql<number>`case when ${expired} then ${now} else rate_limit_windows.window_start_ms end`,
        }),
      )
      .returning(['hits', 'windowStartMs'])
      .executeTakeFirstOrThrow()
      .then(
        (row) => callback(null, { current: row.hits, ttl: Math.max(0, timeWindow - (now - row.windowStartMs)) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // At runtime the plugin passes its merged limit settings with the route under `routeInfo`
    // (its own RedisStore reads it there), not the route options its types name.
    const route = (routeOptions as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
    const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
    return new DatabaseStore(this.db, `${method} ${route.url ?? ''}|`);
  }
}

/** The store class the plugin instantiates, bound to `db`. */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class extends DatabaseStore {
    constructor() {
      super(db);
    }
  };
}

/** Windows that ended long ago (a day): nothing counts on them any more. */
export async function purgeRateLimitWindows(db: Db, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('rateLimitWindows').where('windowStartMs', '<', now - 86_400_000).executeTakeFirst();
  return Number(result.numDeletedRows);
}
