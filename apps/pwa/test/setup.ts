import '@testing-library/jest-dom/vitest';
// IndexedDB for Dexie: the data layer and every screen of a signed-in user read from it.
import 'fake-indexeddb/auto';
import { cleanNotifications, cleanNotificationsQueue } from '@mantine/notifications';
import { lowerPasswordHashCostForTests } from '@sanidok/crypto/testing';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetSyncStore } from '../src/sync/syncStore';
import { unlockEveryDatabase } from './helpers/deviceKeys';

// Keyrings, PINs and the in-process server's password hashes at a cost of milliseconds: the
// cost itself is the subject of packages/crypto's tests only.
lowerPasswordHashCostForTests();

// CI runs every suite on 2 shared cores: findBy*/waitFor wait up to 5 s instead of 1 s, so a busy
// machine does not turn a slow render into a failure (a real absence still fails).
configure({ asyncUtilTimeout: 5000 });

// Integration tests against the real server run in the node environment (no DOM at all).
const hasDom = typeof window !== 'undefined';

// jsdom lacks the layout APIs Mantine 9 reads (toolchain.md): answer "no match" and do nothing.
if (hasDom) Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      // MediaQueryList still declares its deprecated listener methods, so a stub of it has them too.
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- see the line above
      addListener: () => undefined,
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (hasDom) {
  window.ResizeObserver = ResizeObserverStub;
  window.HTMLElement.prototype.scrollIntoView = () => undefined;
}

// Most tests play a browser in which someone has signed in: the server's session hint cookie is
// there, so the app asks GET /api/user (src/lib/sessionHint.ts). First-visit tests remove it.
beforeEach(() => {
  if (hasDom) document.cookie = 'sanidok_signed_in=1; Path=/';
});

// And the device is unlocked; the lock's own tests lock it on purpose.
let stopUnlocking: (() => void) | undefined;
beforeEach(async () => {
  stopUnlocking = await unlockEveryDatabase();
});
afterEach(() => {
  stopUnlocking?.();
});

afterEach(() => {
  if (hasDom) {
    document.cookie = 'sanidok_signed_in=; Max-Age=0; Path=/';
    cleanup();
    cleanNotifications();
    cleanNotificationsQueue();
    localStorage.clear();
  }
  resetSyncStore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
