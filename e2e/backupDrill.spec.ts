import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { test } from './support/consoleGuard';
import { createOrganizationViaApi, registerViaApi } from './support/api';
import { OwnServer } from './support/ownServer';
import { expectBackupHolds, pushInLoop } from './support/pushingDevices';
import { withDatabase } from './support/serverDb';
import { TwoProcesses, withPostgres } from './support/twoProcesses';
import { uniqueName } from './helpers';

/**
 * The backup drill of each deployment (docs/deployment.md) as a test. Devices push while
 * the backup is taken with the tool the document names; the backup is restored; every mutation
 * acknowledged before the backup started is in it, and no batch is in it by halves.
 */
const run = promisify(execFile);

test('SQLite: .backup während Geräte pushen, wiederhergestellt, enthält jede vorher bestätigte Änderung', async ({ playwright }) => {
  test.setTimeout(120_000);
  const server = await OwnServer.start();
  const request = await playwright.request.newContext({ baseURL: server.url });
  const folder = mkdtempSync(path.join(tmpdir(), 'sanidok-backup-'));
  try {
    await registerViaApi(request, uniqueName('sani'));
    const organizationId = await createOrganizationViaApi(request, `DRK ${uniqueName('org')}`);
    let stop = false;
    const pushing = pushInLoop(request, server.url, organizationId, 3, 10, () => stop);
    await sleep(1_500);
    const backupStarted = Date.now();
    const backup = path.join(folder, 'sanidok-backup.db');
    await run('sqlite3', [server.databasePath, `.backup '${backup}'`]);
    await sleep(500);
    stop = true;
    const acknowledged = await pushing;
    // Restore: the backup file is a complete database on its own.
    const restored = path.join(folder, 'restored.db');
    await run('cp', [backup, restored]);
    const stored = withDatabase(restored, (db) => new Set((db.prepare('select name from services').all() as { name: string }[]).map((r) => r.name)));
    expectBackupHolds(acknowledged, stored, backupStarted);
  } finally {
    await request.dispose();
    await server.dispose();
    rmSync(folder, { recursive: true, force: true });
  }
});

test('PostgreSQL: pg_dump während Geräte über zwei Prozesse pushen, mit pg_restore wiederhergestellt, enthält jede vorher bestätigte Änderung', async ({ playwright }) => {
  test.setTimeout(120_000);
  const servers = await TwoProcesses.start();
  const request = await playwright.request.newContext({ baseURL: servers.url });
  const folder = mkdtempSync(path.join(tmpdir(), 'sanidok-backup-'));
  const restoredName = `${servers.database}_restored`;
  const restoredUrl = servers.databaseUrl.replace(`/${servers.database}`, `/${restoredName}`);
  try {
    await registerViaApi(request, uniqueName('sani'));
    const organizationId = await createOrganizationViaApi(request, `DRK ${uniqueName('org')}`);
    let stop = false;
    const pushing = pushInLoop(request, servers.url, organizationId, 3, 10, () => stop);
    await sleep(1_500);
    const backupStarted = Date.now();
    const dump = path.join(folder, 'sanidok.dump');
    await run('pg_dump', ['--format=custom', `--file=${dump}`, servers.databaseUrl]);
    await sleep(500);
    stop = true;
    const acknowledged = await pushing;
    await withPostgres(servers.databaseUrl, (client) => client.query(`create database ${restoredName}`));
    await run('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump]);
    const stored = await withPostgres(restoredUrl, async (client) => new Set((await client.query<{ name: string }>('select name from services')).rows.map((r) => r.name)));
    expectBackupHolds(acknowledged, stored, backupStarted);
  } finally {
    await request.dispose();
    await withPostgres(servers.databaseUrl, (client) => client.query(`drop database if exists ${restoredName} with (force)`)).catch(() => undefined);
    await servers.dispose();
    rmSync(folder, { recursive: true, force: true });
  }
});
