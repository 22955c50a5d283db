import type { LostDeviceUser } from '../api/deviceLost';
import { beginDeviceWipe, finishDeviceWipe, interruptedDeviceWipe } from '../api/deviceLost';
import { apiRequest } from '../api/client';
import { forgetSessionHints } from '../api/sessionHint';
import { closeUserDatabase, currentDatabase, deleteUserDatabase, openUserDatabase } from '../data/db';
import type { SaniDokDb } from '../data/db';
import { prepareDeviceCrypto } from '../data/crypto/deviceKeys';
import { hasDevicePin } from '../data/crypto/devicePin';
import { forgetDevicePrf, hasDevicePrf } from '../data/crypto/devicePrf';
import { pendingCount } from '../data/outbox';
import { SyncEngine } from './syncEngine';
import { useLockStore } from './lockStore';
import { resetSyncStore } from './syncStore';
import type { SyncTransport } from './transport';
import { createFetchTransport } from './transport';

/**
 * The signed-in user's sync session: their database and the engine working on it. Started when a
 * user is known, ended on sign-out or user switch. Nothing here ever deletes pending changes.
 */

export interface SessionUser {
  id: number;
  name: string;
}

let session: { userId: number; engine: SyncEngine; stopFollowingLock: () => void } | null = null;

export function activeSyncEngine(): SyncEngine | null {
  return session?.engine ?? null;
}

export function startSyncSession(user: SessionUser, transport: SyncTransport = createFetchTransport()): SyncEngine {
  if (session?.userId === user.id) return session.engine;
  void endSyncSession();
  const db = openUserDatabase(user.id, user.name);
  const engine = new SyncEngine({ db, transport, onDeviceLost: () => void wipeLostDevice(user) });
  // The lock screen follows the keys of this database: unlocked only while they are in memory.
  const followLock = () => {
    // An unlock under way ends in unlocked or locked by itself (sync/deviceUnlock.ts), after its
    // catch-up: the screens must not open on rows the catch-up has yet to put right.
    if (useLockStore.getState().status === 'unlocking') return;
    useLockStore.setState({ status: db.crypto.state === 'unlocked' ? 'unlocked' : 'locked' });
  };
  followLock();
  session = { userId: user.id, engine, stopFollowingLock: db.crypto.subscribe(followLock) };
  // The engine runs while the app is locked: it needs the public keys first, to seal
  // what it pulls, and loads libsodium when a locked cycle first has something to seal. Without
  // them a locked pull fails and is retried, nothing is lost.
  const start = () => {
    if (session?.engine === engine) engine.start();
  };
  useLockStore.setState({ methodsKnown: false });
  void prepareDeviceCrypto(db, { sodium: false }).then(() => start(), (error: unknown) => {
    console.warn('Device keys not prepared', error);
    start();
  }).then(async () => {
    // Whether the lock screen may offer the PIN and the device lock; unreadable, the password.
    const [hasPin, hasPrf] = await Promise.all([hasDevicePin(db), hasDevicePrf(db)]).catch(() => [false, false]);
    if (session?.engine === engine) useLockStore.setState({ hasPin, hasPrf, methodsKnown: true });
  });
  return engine;
}

function closeIfActive(db: SaniDokDb): void {
  if (currentDatabase() === db) closeUserDatabase();
}

/**
 * Stops the engine and closes the database. With `deleteIfSettled` (an explicit sign-out) the
 * database is deleted when no change waits for the server, as the privacy notice promises; with
 * pending changes it stays so they upload after the next sign-in. Returns the pending count.
 */
export async function endSyncSession(options: { deleteIfSettled?: boolean } = {}): Promise<number> {
  const current = session;
  if (!current) return 0;
  session = null;
  // The keys go with the database (closeUserDatabase); the next session follows its own database.
  current.stopFollowingLock();
  const { engine } = current;
  // stop() flags the engine synchronously, so closing right after cannot race a new cycle; a
  // transaction already running finishes first (IndexedDB closes only after it).
  const stopping = engine.stop();
  if (!options.deleteIfSettled) {
    closeIfActive(engine.db);
    resetSyncStore();
    await stopping;
    return 0;
  }
  await stopping;
  // An unreadable count (-1) keeps the database: deleting is only for a proven empty outbox.
  const pending = await pendingCount(engine.db).catch(() => -1);
  // A database kept for its outbox keeps no quick unlock through the device lock: signing out
  // ends it (docs/decisions.md); the password opens the data after the next sign-in.
  if (pending !== 0) await forgetDevicePrf(engine.db).catch((error: unknown) => console.warn('Device-lock copy not removed', error));
  useLockStore.setState({ hasPrf: false });
  closeIfActive(engine.db);
  resetSyncStore();
  if (pending === 0) await deleteUserDatabase(current.userId);
  return pending;
}

/**
 * The device was reported lost and its outbox is on the server (SyncEngine `settleLost`): the
 * user's database goes (records, drafts, the wrapped keys, the seal keys; docs/decisions.md "A lost
 * device pushes, then wipes itself"), then the remembered user and the session hints, and a full
 * load of the sign-in page drops whatever the memory still held. Begun, it finishes after a reload
 * too (`resumeDeviceWipe`); run twice, it deletes nothing twice.
 */
const toSignIn = () => window.location.assign('/auth');

export async function wipeLostDevice(user: LostDeviceUser, leave: () => void = toSignIn): Promise<void> {
  beginDeviceWipe(user);
  if (session?.userId === user.id) await endSyncSession();
  await deleteUserDatabase(user.id);
  // A session signed in on the lost device (its push was taken) ends too; a grant's cookie is refused, harmlessly.
  await apiRequest('/api/logout', { method: 'POST', readResponse: false }).catch(() => undefined);
  forgetSessionHints();
  finishDeviceWipe();
  leave();
}

/** A wipe cut short by a reload or a closed tab: finished before any database opens. True when one ran. */
export function resumeDeviceWipe(leave: () => void = toSignIn): boolean {
  const user = interruptedDeviceWipe();
  if (!user) return false;
  void wipeLostDevice(user, leave);
  return true;
}

/** Pending changes of the signed-in user, read from the database (not the cached store). */
export async function countPendingChanges(): Promise<number> {
  const db = currentDatabase();
  return db ? pendingCount(db) : 0;
}

/** The user asked for a sync (indicator button): ignores the current backoff. */
export function requestManualSync(): void {
  session?.engine.requestSync('manual');
}

/** Hides rejected changes the user has read; the server keeps them in its quarantine. */
export async function dismissRejectedChanges(): Promise<void> {
  const db = currentDatabase();
  if (db) await db.outbox.where('status').equals('rejected').delete();
}
