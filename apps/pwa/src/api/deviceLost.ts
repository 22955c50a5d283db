/**
 * What the device keeps about its own loss report across reloads (docs/decisions.md "A lost device
 * pushes, then wipes itself"). Three small entries in localStorage, none of them a secret:
 * - `lost`: the server answered DEVICE_LOST while nobody is signed in; the sync engine then runs
 *   for that user once more, to push the outbox before the wipe (sync/SyncProvider.tsx);
 * - `wiping`: a wipe has begun; a reload in the middle finishes it (sync/syncSession.ts);
 * - `wiped`: the sign-in page explains once why the data is gone (features/auth/AuthPage.tsx).
 */
const keys = { lost: 'sanidok.deviceLost', wiping: 'sanidok.deviceWiping', wiped: 'sanidok.deviceWiped' } as const;

export interface LostDeviceUser {
  id: number;
  name: string;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the server still refuses the device; the wipe runs at its next answer.
  }
}

function readUser(key: string): LostDeviceUser | null {
  try {
    const parsed = JSON.parse(read(key) ?? 'null') as Partial<LostDeviceUser> | null;
    return typeof parsed?.id === 'number' && typeof parsed.name === 'string' ? { id: parsed.id, name: parsed.name } : null;
  } catch {
    return null;
  }
}

export const markDeviceLost = (user: LostDeviceUser): void => write(keys.lost, JSON.stringify(user));
export const lostDeviceUser = (): LostDeviceUser | null => readUser(keys.lost);

export const beginDeviceWipe = (user: LostDeviceUser): void => write(keys.wiping, JSON.stringify(user));
export const interruptedDeviceWipe = (): LostDeviceUser | null => readUser(keys.wiping);

/** The wipe is done: the notice for the sign-in page replaces the other two entries. */
export function finishDeviceWipe(): void {
  write(keys.lost, null);
  write(keys.wiping, null);
  write(keys.wiped, '1');
}

export const deviceWasWiped = (): boolean => read(keys.wiped) !== null;
export const dismissWipeNotice = (): void => write(keys.wiped, null);
