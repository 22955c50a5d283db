import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { clientHeader } from './api';

/**
 * Devices as API clients that behave like the sync engine: a batch of `service.create` mutations
 * with consecutive `seq`, resent unchanged until a server answers it (fault and backup tests).
 */
export const schemaVersion = SYNC_SCHEMA_VERSION;

export interface Batch {
  deviceId: string;
  mutations: { mutationId: string; seq: number; name: string; args: unknown; createdAt: string }[];
}

export function serviceBatch(deviceId: string, organizationId: number, firstSeq: number, size: number): Batch {
  const start = new Date(Date.now() - 3_600_000).toISOString();
  const end = new Date(Date.now() + 8 * 3_600_000).toISOString();
  return {
    deviceId,
    mutations: Array.from({ length: size }, (_, i) => ({
      mutationId: randomUUID(), seq: firstSeq + i, name: 'service.create', createdAt: new Date().toISOString(),
      args: { id: randomUUID(), name: `Dienst ${String(firstSeq + i)}`, description: null, location: 'Festplatz', startDate: start, endDate: end, organizationId },
    })),
  };
}

/** Sends the batch until a process answers 200; returns the statuses it saw before. */
export async function pushUntilAnswered(request: APIRequestContext, url: string, batch: Batch, timeoutMs = 60_000): Promise<{ failures: number; statuses: string[] }> {
  const deadline = Date.now() + timeoutMs;
  let failures = 0;
  for (;;) {
    try {
      const response = await request.post(`${url}/api/sync/push`, { headers: clientHeader, data: { ...batch, schemaVersion }, timeout: 15_000 });
      if (response.status() === 200) {
        const body = (await response.json()) as { results: { status: string }[] };
        return { failures, statuses: body.results.map((r) => r.status) };
      }
      // A failed answer is German and never a half-written batch (checked in the database below).
      expect([500, 502, 503]).toContain(response.status());
    } catch {
      // The connection broke (the process died): like the device, try again.
    }
    failures += 1;
    if (Date.now() > deadline) throw new Error(`Push nach ${String(failures)} Versuchen nicht angenommen`);
    await sleep(250);
  }
}


/** A batch a server acknowledged, with the time the answer arrived. */
export interface Acknowledged {
  names: string[];
  at: number;
}

/**
 * `devices` push batches of `size` in a loop through `url` until `stop()` returns true; resolves
 * with every acknowledged batch. Names are unique per device and batch.
 */
export async function pushInLoop(request: APIRequestContext, url: string, organizationId: number, devices: number, size: number, stop: () => boolean): Promise<Acknowledged[]> {
  const acknowledged: Acknowledged[] = [];
  await Promise.all(Array.from({ length: devices }, async (_, d) => {
    const deviceId = randomUUID();
    for (let b = 0; !stop(); b += 1) {
      const batch = serviceBatch(deviceId, organizationId, b * size + 1, size);
      for (const m of batch.mutations) (m.args as { name: string }).name = `Gerät ${String(d)} Stapel ${String(b)} Nr. ${String(m.seq)}`;
      const result = await pushUntilAnswered(request, url, batch);
      expect(result.statuses.every((s) => s === 'applied')).toBe(true);
      acknowledged.push({ names: batch.mutations.map((m) => (m.args as { name: string }).name), at: Date.now() });
    }
  }));
  return acknowledged;
}

/** Every acknowledged batch answered before `before` is wholly in `stored`; every batch is whole or absent. */
export function expectBackupHolds(acknowledged: readonly Acknowledged[], stored: ReadonlySet<string>, before: number): void {
  const early = acknowledged.filter((a) => a.at < before);
  expect(early.length).toBeGreaterThan(0);
  // The devices went on pushing while the backup was taken.
  expect(acknowledged.some((a) => a.at > before)).toBe(true);
  for (const batch of early) expect(batch.names.filter((n) => !stored.has(n))).toEqual([]);
  for (const batch of acknowledged) expect([0, batch.names.length]).toContain(batch.names.filter((n) => stored.has(n)).length);
}
