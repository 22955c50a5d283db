import { describe, expect, it, vi } from 'vitest';
import { createService } from '../../src/data/repositories/services';
import { syncLockName } from '../../src/sync/syncEngine';
import { useSyncStore } from '../../src/sync/syncStore';
import { createEngine, openTestDb, seedOrganizations, startAndSettle, validService } from '../helpers/sync';

describe('sync triggers', () => {
  it('pulls every 5 s while online and visible, and not while hidden or offline', async () => {
    const db = openTestDb();
    const harness = createEngine(db);
    await startAndSettle(harness);
    expect(harness.server.pulls).toHaveLength(1);
    expect(harness.scheduler.pendingDelay).toBe(5000);

    harness.scheduler.fireNext();
    await harness.engine.idle();
    expect(harness.server.pulls).toHaveLength(2);

    harness.env.visible = false;
    harness.scheduler.fireNext();
    await harness.engine.idle();
    harness.env.visible = true;
    harness.env.online = false;
    harness.scheduler.fireNext();
    await harness.engine.idle();
    expect(harness.server.pulls).toHaveLength(2);
    expect(harness.scheduler.pendingDelay).toBe(5000);
  });

  it('syncs on online, on becoming visible and right after a local write', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    const harness = createEngine(db);
    await startAndSettle(harness);

    window.dispatchEvent(new Event('online'));
    await harness.engine.idle();
    expect(harness.server.pulls).toHaveLength(2);

    document.dispatchEvent(new Event('visibilitychange'));
    await harness.engine.idle();
    expect(harness.server.pulls).toHaveLength(3);

    await createService(validService());
    await harness.engine.idle();
    expect(harness.server.pushes).toHaveLength(1);
    // A successful push is followed by a pull in the same cycle.
    expect(harness.server.pulls).toHaveLength(4);
  });

  it('runs a second cycle when a write arrives during a running one', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    const harness = createEngine(db);
    let release: (() => void) | undefined;
    let calls = 0;
    const pull = harness.server.pull.bind(harness.server);
    harness.server.pull = async (params) => {
      calls += 1;
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
      return pull(params);
    };
    harness.engine.start();
    await vi.waitFor(() => expect(release).toBeDefined());
    await createService(validService());
    expect(harness.server.pushes).toHaveLength(0);
    release?.();
    await harness.engine.idle();
    expect(harness.server.pushes).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('stops all activity on stop()', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    const harness = createEngine(db);
    await startAndSettle(harness);
    await harness.engine.stop();
    expect(harness.scheduler.timers.size).toBe(0);
    await createService(validService());
    window.dispatchEvent(new Event('online'));
    expect(harness.server.pushes).toHaveLength(0);
  });
});

describe('one syncing tab', () => {
  function fakeLocks(held: { value: boolean }) {
    // Name and options are read through the mock's calls; only the callback is run.
    const request = vi.fn<(name: string, options: LockOptions, callback: (lock: Lock | null) => Promise<void>) => Promise<void>>(
      (_name, _options, callback) => callback(held.value ? null : { name: syncLockName, mode: 'exclusive' }),
    );
    return { request, locks: { request, query: vi.fn() } as unknown as LockManager };
  }

  it('syncs under the sanidok-sync lock and skips while another tab holds it', async () => {
    const db = openTestDb();
    const held = { value: true };
    const { locks, request } = fakeLocks(held);
    const harness = createEngine(db, { environment: { locks } });
    await startAndSettle(harness);
    expect(request).toHaveBeenCalledWith('sanidok-sync', { ifAvailable: true }, expect.any(Function));
    expect(harness.server.pulls).toHaveLength(0);
    // The other tab is done: the next tick takes over.
    held.value = false;
    harness.scheduler.fireNext();
    await harness.engine.idle();
    expect(harness.server.pulls).toHaveLength(1);
  });

  it('still syncs where Web Locks are missing', async () => {
    const db = openTestDb();
    const harness = createEngine(db, { environment: { locks: undefined } });
    await startAndSettle(harness);
    expect(harness.server.pulls).toHaveLength(1);
  });
});

describe('persistent storage', () => {
  it('asks once and shows a refusal', async () => {
    const db = openTestDb();
    const storage = { persist: vi.fn(() => Promise.resolve(false)), persisted: vi.fn(() => Promise.resolve(false)) };
    const first = createEngine(db, { environment: { storage } });
    await startAndSettle(first);
    await vi.waitFor(() => expect(useSyncStore.getState().persistence).toBe('denied'));
    await first.engine.stop();

    const second = createEngine(db, { environment: { storage } });
    await startAndSettle(second);
    await vi.waitFor(() => expect(storage.persisted).toHaveBeenCalledTimes(2));
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(await db.getMeta('persistence')).toBe('denied');
  });

  it('records a grant without asking again', async () => {
    const db = openTestDb();
    const storage = { persist: vi.fn(() => Promise.resolve(true)), persisted: vi.fn(() => Promise.resolve(true)) };
    const harness = createEngine(db, { environment: { storage } });
    await startAndSettle(harness);
    await vi.waitFor(async () => expect(await db.getMeta('persistence')).toBe('granted'));
    expect(storage.persist).not.toHaveBeenCalled();
  });
});
