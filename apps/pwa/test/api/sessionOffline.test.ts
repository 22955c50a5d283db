import { describe, expect, it, vi } from 'vitest';
import { fetchCurrentUser } from '../../src/api/session';
import { testUser } from '../helpers/render';

// The reply schemas load as their own chunk (src/api/sessionReplies.ts). Offline before the
// service worker cached it, or after a deploy removed it, that import fails.
vi.mock('../../src/api/sessionReplies', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('session probe when the schema chunk cannot load', () => {
  it('keeps the last confirmed user, as when the server cannot be reached', async () => {
    localStorage.setItem('sanidok.lastUser', JSON.stringify(testUser));
    await expect(fetchCurrentUser()).resolves.toEqual(testUser);
  });
});
