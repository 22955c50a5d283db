import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EventStreamLimits } from '../config/config';
import type { Db } from '../db/connection';
import { addressStreamsFull, organizationStreamsFull, tooManyStreams } from '../domain/board/queries';

/**
 * Board streams counted across server processes on one PostgreSQL database (docs/decisions.md
 * "Board-stream limits across processes"): each open stream holds a row, renewed by its process
 * every keep-alive; a process that dies leaves rows that stop counting after three keep-alives. The
 * admission counts and inserts under one advisory lock, so two processes admitting at once both
 * see the other's stream. The process total stays per process: it guards this process's sockets.
 */

/** Who a stream is counted against. */
export interface StreamHolder {
  userId: number;
  organizationId: number;
  /** The client address (request.ip: the socket's, or the trusted proxy's forwarded one). */
  address: string;
}

export interface HolderCounts {
  user: number;
  organization: number;
  address: number;
}

/** The one order of refusals, in memory and in the database: the user first, then what they share. */
export function refuseWhenFull(counts: HolderCounts, limits: EventStreamLimits): void {
  if (counts.user >= limits.perUser) throw tooManyStreams();
  if (counts.organization >= limits.perOrganization) throw organizationStreamsFull();
  if (counts.address >= limits.perAddress) throw addressStreamsFull();
}

const admissionLock = sql`select pg_advisory_xact_lock(hashtext('board_stream_leases'))`;

export class StreamLeases {
  readonly processId = randomUUID();

  constructor(private readonly db: Db, private readonly limits: EventStreamLimits) {}

  private expiry(): string {
    return new Date(Date.now() + 3 * this.limits.keepAliveMs).toISOString();
  }

  /** Refuses (German 429) when the holder is full across all processes; else records the stream. */
  async acquire(holder: StreamHolder): Promise<string> {
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      await admissionLock.execute(trx);
      await trx.deleteFrom('boardStreamLeases').where('expiresAt', '<=', new Date().toISOString()).execute();
      const { rows } = await sql<{ user: string; organization: string; address: string }>`
        select count(*) filter (where user_id = ${holder.userId}) as "user",
               count(*) filter (where organization_id = ${holder.organizationId}) as "organization",
               count(*) filter (where address = ${holder.address}) as "address"
        from board_stream_leases
        where user_id = ${holder.userId} or organization_id = ${holder.organizationId} or address = ${holder.address}`.execute(trx);
      const [counts] = rows;
      refuseWhenFull({ user: Number(counts?.user ?? 0), organization: Number(counts?.organization ?? 0), address: Number(counts?.address ?? 0) }, this.limits);
      await trx.insertInto('boardStreamLeases').values({ id, processId: this.processId, ...holder, expiresAt: this.expiry() }).execute();
    });
    return id;
  }

  /** Every stream of this process stays counted for three more keep-alives: one statement per process. */
  async renew(): Promise<void> {
    await this.db.updateTable('boardStreamLeases').set({ expiresAt: this.expiry() }).where('processId', '=', this.processId).execute();
  }

  async release(id: string): Promise<void> {
    await this.db.deleteFrom('boardStreamLeases').where('id', '=', id).execute();
  }

  async releaseAll(): Promise<void> {
    await this.db.deleteFrom('boardStreamLeases').where('processId', '=', this.processId).execute();
  }
}
