import fp from 'fastify-plugin';
import type { Db } from '../db/connection';
import { runExclusive } from '../db/exclusive';
import { purgeOldAccessLogs } from '../domain/accessLogs/queries';
import { purgeAccountTokens } from '../domain/accounts/accountTokens';
import { purgeAttemptLimits } from '../domain/accounts/databaseAttemptLimiter';
import { purgeOldAdminAlerts } from '../domain/admin/alerts';
import { purgeOldArchiveAccessFailures } from '../domain/admin/archiveFailures';
import { applyDueKeyRecoveries } from '../domain/archive/keyRecovery';
import { limitAuditLog } from '../domain/audit';
import { purgeOldEmailLogs } from '../domain/mail/logs';
import { purgeEndedInvitations, purgeOldInvitationAttempts } from '../domain/organizations/invitationLimits';
import { purgeExpiredWipeGrants } from '../domain/sessions/deviceWipe';
import { purgeExpiredSessions } from '../domain/sessions/sessions';
import { purgeExpiredRecords } from '../domain/retention/records';
import { purgeOldQuarantine } from '../domain/sync/quarantine';
import { days, hours, minutes } from '../domain/time';
import { purgeRateLimitWindows } from './databaseRateLimitStore';

interface Job {
  name: string;
  everyMs: number;
  run: (db: Db) => Promise<number>;
}

/**
 * Housekeeping on timers: expired sessions hourly; daily access and e-mail logs, archive access
 * failures and admin alerts past their 90 days, quarantined mutations past their 30, password-reset
 * links a day past their expiry, sealed records past their retention (docs/deletion.md,
 * docs/decisions.md, docs/security.md "Password reset"). Each job also runs once at start, so a server that restarts often still purges.
 */
export const jobsPlugin = fp(
  (app) => {
    const jobs: Job[] = [
      { name: 'abgelaufene Sitzungen', everyMs: hours(1), run: purgeExpiredSessions },
      { name: 'abgelaufene Rechte verlorener Geräte, ein letztes Mal zu senden', everyMs: hours(1), run: purgeExpiredWipeGrants },
      { name: 'abgelaufene Links aus E-Mails (Passwort, Adressbestätigung)', everyMs: days(1), run: purgeAccountTokens },
      { name: 'Einladungsversuche älter als einen Tag', everyMs: hours(1), run: purgeOldInvitationAttempts },
      { name: 'Einladungen, die seit 30 Tagen beantwortet, zurückgezogen oder abgelaufen sind', everyMs: days(1), run: (db) => purgeEndedInvitations(db) },
      { name: 'Zugriffsprotokolle älter als 90 Tage', everyMs: days(1), run: purgeOldAccessLogs },
      { name: 'E-Mail-Protokolle älter als 90 Tage', everyMs: days(1), run: purgeOldEmailLogs },
      { name: 'Fehlversuche am Patientenarchiv älter als 90 Tage', everyMs: days(1), run: purgeOldArchiveAccessFailures },
      { name: 'abgewiesene Änderungen (Quarantäne) älter als 30 Tage', everyMs: days(1), run: purgeOldQuarantine },
      // docs/deletion.md: sealed records after the organisation's retention period, admin alerts
      // after 90 days, the audit log after two years (its addresses shortened after 7 days).
      { name: 'versiegelte Dokumentation nach Ablauf der Aufbewahrungsfrist', everyMs: days(1), run: (db) => purgeExpiredRecords(db) },
      { name: 'Hinweise an die Plattform-Administration älter als 90 Tage', everyMs: days(1), run: (db) => purgeOldAdminAlerts(db) },
      { name: 'Einträge des Admin-Protokolls älter als zwei Jahre', everyMs: days(1), run: (db) => limitAuditLog(db) },
      // Filled only with PostgreSQL (plugins/rateLimit.ts); a day past their window or lock.
      { name: 'abgelaufene Zähler der Ratenbegrenzung', everyMs: hours(1), run: purgeRateLimitWindows },
      { name: 'abgelaufene Sperren nach Fehlversuchen', everyMs: hours(1), run: purgeAttemptLimits },
    ];
    // Not a purge: recoveries of organisation keys whose 72 hours are over take effect (docs/security.md "Key recovery").
    const recoveries: Job = { name: 'Wiederherstellungen von Organisationsschlüsseln wirksam geworden', everyMs: minutes(5), run: (db) => applyDueKeyRecoveries(db, app.config.dataKey) };
    jobs.push(recoveries);
    // Several processes on one PostgreSQL database: one of them runs a job at a time (db/exclusive.ts).
    const runJob = (job: Job) =>
      runExclusive(app.db, `job:${job.name}`, job.run).then(
        (count) => count !== undefined && count > 0 && app.log.info(`${count} ${job.name}${job === recoveries ? '' : ' gelöscht'}`),
        (error: unknown) => app.log.error({ err: error }, `Aufgabe fehlgeschlagen: ${job.name}`),
      );
    const timers = jobs.map((job) => {
      const timer = setInterval(() => void runJob(job), job.everyMs);
      timer.unref();
      return timer;
    });
    app.addHook('onReady', async () => {
      await Promise.all(jobs.map(runJob));
    });
    app.addHook('onClose', () => {
      timers.forEach(clearInterval);
      return Promise.resolve();
    });
    return Promise.resolve();
  },
  { name: 'jobs', dependencies: ['database'] },
);
