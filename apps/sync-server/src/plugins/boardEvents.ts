import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { listenPostgres } from '../db/postgres';
import type { PostgresListener } from '../db/postgres';
import { currentVersion, organizationsOf } from '../domain/board/queries';
import { isApiRequest } from './apiPath';
import type { BoardEventBus } from './boardBus';
import { memoryBoardBus } from './boardBus';
import type { EventStreamLimits } from './eventStream';
import { defaultEventStreamLimits, EventStreamRegistry } from './eventStream';
import { StreamLeases } from './streamLeases';

/**
 * Live boards (docs/sync-protocol.md "Board events"). Every successful write of a
 * signed-in user (a push, a REST write) tells the open boards of that user's organisations "changed
 * up to version V"; a board then pulls through the normal sync engine, so the team filter stays in
 * one place. No patient data travels in an event.
 *
 * SQLite runs one process: the bus is in memory. PostgreSQL may run several (docs/deployment.md):
 * the write's process sends NOTIFY, and every process (itself included) hands the notification to
 * its own streams from its LISTEN connection.
 */

export const boardChannel = 'sanidok_board_events';

declare module 'fastify' {
  interface FastifyInstance {
    boardEvents: { bus: BoardEventBus; streams: EventStreamRegistry; publishFor(userId: number): Promise<void> };
  }
}

const readOnly = new Set(['GET', 'HEAD', 'OPTIONS']);

export const boardEventsPlugin = fp<{ limits?: Partial<EventStreamLimits> }>(
  async (app) => {
    const bus = memoryBoardBus();
    const postgresUrl = app.config.postgresUrl;
    let listener: PostgresListener | undefined;
    if (postgresUrl) {
      listener = listenPostgres(postgresUrl, boardChannel, (payload) => {
        const message = parseNotification(payload);
        if (message) bus.dispatch(message.o, message.v);
      }, () => bus.dispatch([], null));
      await listener.ready;
    }
    const limits = { ...defaultEventStreamLimits, ...app.config.eventStreamLimits };
    // Several processes on PostgreSQL count streams together (./streamLeases.ts); one SQLite process in memory.
    const leases = postgresUrl ? new StreamLeases(app.db, limits) : undefined;
    const streams = new EventStreamRegistry(app.db, bus, limits, leases);
    const renewal = leases && setInterval(() => {
      void leases.renew().catch((error: unknown) => app.log.warn({ err: error }, 'Lagetafel-Zählung nicht erneuert'));
    }, limits.keepAliveMs);
    renewal?.unref();

    async function publishFor(userId: number): Promise<void> {
      if (postgresUrl) {
        // One round trip: the user's organisations and the counter, sent to every process.
        await sql`select pg_notify(${boardChannel}, json_build_object(
          'o', (select coalesce(json_agg(organization_id), '[]'::json) from organization_members where user_id = ${userId}),
          'v', (select version from sync_state where id = 1))::text)`.execute(app.db);
        return;
      }
      // One process: nobody to tell when no board is open here.
      if (bus.listenerCount() === 0) return;
      const [organizations, version] = await Promise.all([organizationsOf(app.db, userId), currentVersion(app.db)]);
      bus.dispatch(organizations, version);
    }

    app.decorate('boardEvents', { bus, streams, publishFor });
    app.addHook('onResponse', async (request, reply) => {
      if (readOnly.has(request.method) || !isApiRequest(request) || reply.statusCode >= 400 || !request.user) return;
      // After the reply: a failure here must not turn a done write into an error.
      await publishFor(request.user.id).catch((error: unknown) => request.log.warn({ err: error }, 'Lagetafel-Ereignis nicht gesendet'));
    });
    // Before the server waits for its connections: an open stream would hold it forever.
    app.addHook('preClose', async () => {
      clearInterval(renewal);
      streams.closeAll();
      await leases?.releaseAll().catch((error: unknown) => app.log.warn({ err: error }, 'Lagetafel-Zählung nicht freigegeben'));
      await listener?.close();
    });
  },
  { name: 'board-events', dependencies: ['database', 'session'] },
);

function parseNotification(payload: string): { o: number[]; v: number } | undefined {
  try {
    const value = JSON.parse(payload) as { o?: unknown; v?: unknown };
    if (!Array.isArray(value.o) || typeof value.v !== 'number') return undefined;
    return { o: value.o.filter((id): id is number => typeof id === 'number'), v: value.v };
  } catch {
    return undefined;
  }
}
