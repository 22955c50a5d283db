import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from './support/consoleGuard';
import { clientHeader, createOrganizationViaApi, registerViaApi } from './support/api';
import { pushUntilAnswered, schemaVersion, serviceBatch } from './support/pushingDevices';
import { TwoProcesses, withPostgres } from './support/twoProcesses';
import { uniqueName } from './helpers';

/**
 * Bad input and failure on PostgreSQL with two processes behind the proxy: a process
 * killed with SIGKILL in the middle of a push, and the database gone for 10 s while devices push.
 * Devices here are API clients that behave like the sync engine (./support/pushingDevices.ts).
 * Nothing may be lost or stored twice.
 */
async function storedServices(servers: TwoProcesses): Promise<{ names: string[]; versions: number }> {
  return withPostgres(servers.databaseUrl, async (client) => {
    const rows = (await client.query<{ name: string; version: string }>('select name, version from services order by name')).rows;
    return { names: rows.map((r) => r.name), versions: new Set(rows.map((r) => r.version)).size };
  });
}

test('Ein Prozess wird mitten im Push mit SIGKILL beendet: der Stapel kommt über den anderen genau einmal an', async ({ playwright }) => {
  test.setTimeout(120_000);
  const servers = await TwoProcesses.start();
  const request = await playwright.request.newContext({ baseURL: servers.url });
  try {
    await registerViaApi(request, uniqueName('sani'));
    const organizationId = await createOrganizationViaApi(request, `DRK ${uniqueName('org')}`);
    const batch = serviceBatch(randomUUID(), organizationId, 1, 200);

    // Straight to process 0, which is killed 100 ms after the push went out.
    const inFlight = request.post(`${servers.processUrl(0)}/api/sync/push`, { headers: clientHeader, data: { ...batch, schemaVersion } }).then(
      (response) => response.status(),
      () => 'abgebrochen',
    );
    await sleep(100);
    await servers.kill(0);
    const first = await inFlight;
    // A batch is one transaction: all of it or nothing was stored.
    const afterKill = (await storedServices(servers)).names.length;
    console.info(`Nach SIGKILL: Antwort ${String(first)}, gespeichert ${String(afterKill)} von 200`);
    expect([0, 200]).toContain(afterKill);

    // The device resends through the proxy; process 0 is gone (502), process 1 takes it.
    const resent = await pushUntilAnswered(request, servers.url, batch);
    expect(new Set(resent.statuses).size).toBe(1);
    expect(['applied', 'duplicate']).toContain(resent.statuses[0]);
    if (first === 200) expect(resent.statuses[0]).toBe('duplicate');
    const stored = await storedServices(servers);
    expect(stored.names).toHaveLength(200);
    expect(new Set(stored.names).size).toBe(200);
    expect(stored.versions).toBe(200);

    // Process 0 comes back on the same database and serves the same rows.
    await servers.launch(0);
    const pulled = await request.get(`${servers.processUrl(0)}/api/sync/pull?limit=500`, { headers: clientHeader });
    expect(pulled.status()).toBe(200);
    const changes = ((await pulled.json()) as { changes: { entity: string; id: string }[] }).changes.filter((c) => c.entity === 'service');
    expect(new Set(changes.map((c) => c.id)).size).toBe(200);
  } finally {
    await request.dispose();
    await servers.dispose();
  }
});

test('Die Datenbank ist 10 s weg, während drei Geräte pushen: nichts geht verloren, nichts doppelt', async ({ playwright }) => {
  test.setTimeout(180_000);
  const servers = await TwoProcesses.start({ relay: true });
  const request = await playwright.request.newContext({ baseURL: servers.url });
  try {
    await registerViaApi(request, uniqueName('sani'));
    const organizationId = await createOrganizationViaApi(request, `DRK ${uniqueName('org')}`);
    const devices = [randomUUID(), randomUUID(), randomUUID()];
    const batchesPerDevice = 8;
    const batchSize = 10;
    let failures = 0;
    let outage: Promise<void> | undefined;
    const device = async (deviceId: string, index: number) => {
      for (let b = 0; b < batchesPerDevice; b += 1) {
        if (index === 0 && b === 2) {
          // Two batches in: the database goes away for 10 s (connections dropped, none accepted).
          servers.databaseRelay.cut(10_000);
          outage = sleep(10_000);
        }
        const result = await pushUntilAnswered(request, servers.url, serviceBatch(deviceId, organizationId, b * batchSize + 1, batchSize), 90_000);
        failures += result.failures;
        expect(result.statuses.every((s) => s === 'applied' || s === 'duplicate')).toBe(true);
        await sleep(300);
      }
    };
    await Promise.all(devices.map((id, index) => device(id, index)));
    await outage;
    // The outage was felt (refused pushes), and every push that was answered is stored once.
    expect(failures).toBeGreaterThan(0);
    const stored = await storedServices(servers);
    expect(stored.names).toHaveLength(devices.length * batchesPerDevice * batchSize);
    expect(stored.versions).toBe(stored.names.length);
    // Both processes lived through it and answer again.
    expect(servers.running, servers.recentOutput).toEqual([true, true]);
    for (const index of [0, 1]) expect((await request.get(`${servers.processUrl(index)}/api/health`)).status()).toBe(200);
  } finally {
    await request.dispose();
    await servers.dispose();
  }
});
