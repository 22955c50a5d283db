import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { isPostgres } from '../db/dialect';
import { purgeExpiredChallenges } from '../domain/archive/challenges';
import { purgeExpiredKeyChangeChallenges } from '../domain/archive/keyChallenges';
import { onPatientPlaintextRemoved, sealLeftoverPatientData } from '../domain/protocols/sealing';
import { hours } from '../domain/time';

export interface ArchiveMaintenance {
  /** Resolves when the WAL checkpoint after the latest sealing has run (tests). */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    archive: ArchiveMaintenance;
  }
}

/**
 * What keeps the discharge promise on disk (docs/security.md, "Sealing at discharge"):
 * - After a discharge deleted a server-key copy of patient data, a WAL checkpoint (TRUNCATE)
 *   copies the pages — with the deleted cells overwritten (secure_delete) — into the database
 *   file and empties the -wal file, which would otherwise keep older page images.
 * - At start, protocols closed without being sealed (older data) are sealed.
 * - Hourly, expired archive challenges are deleted.
 */
export const archivePlugin = fp(
  (app) => {
    let pending: Promise<void> = Promise.resolve();
    let scheduled = false;

    const checkpoint = async () => {
      scheduled = false;
      // SQLite's WAL keeps deleted plaintext until a checkpoint; PostgreSQL's WAL and dead tuples
      // are the operator's (docs/deployment.md: VACUUM, WAL retention).
      if (isPostgres(app.db)) return;
      try {
        // Queued behind the discharging transaction on the one connection: runs after its commit.
        await sql`pragma wal_checkpoint(TRUNCATE)`.execute(app.db);
      } catch (error) {
        app.log.error({ err: error }, 'WAL-Checkpoint nach dem Versiegeln fehlgeschlagen');
      }
    };
    const unsubscribe = onPatientPlaintextRemoved(() => {
      if (scheduled) return;
      scheduled = true;
      pending = new Promise((resolve) => setImmediate(resolve)).then(checkpoint);
    });

    const purge = () =>
      Promise.all([purgeExpiredChallenges(app.db), purgeExpiredKeyChangeChallenges(app.db)]).catch((error: unknown) => app.log.error({ err: error }, 'Archiv-Aufgabe fehlgeschlagen'));
    const timer = setInterval(() => void purge(), hours(1));
    timer.unref();

    app.decorate('archive', {
      flush: async () => {
        await new Promise((resolve) => setImmediate(resolve));
        await pending;
      },
    });
    app.addHook('onReady', async () => {
      const sealed = await sealLeftoverPatientData(app.db, app.config.dataKey);
      if (sealed > 0) app.log.info(`${sealed} abgeschlossene Protokolle nachträglich versiegelt`);
      await purge();
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      clearInterval(timer);
      await pending;
    });
    return Promise.resolve();
  },
  { name: 'archive', dependencies: ['database'] },
);
