import type { PublicUser } from '@sanidok/schema';

/**
 * The last user the server confirmed, kept so that a medic who opens the installed app without
 * coverage still gets the capture screens (docs/spec/design.md §4.9) instead of a login form that cannot work
 * offline. It holds only the public profile, never a credential; the server still decides.
 */
const storageKey = 'sanidok.lastUser';

export function readLastUser(): PublicUser | null {
  try {
    const raw = localStorage.getItem(storageKey);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PublicUser>;
    return typeof parsed.id === 'number' && typeof parsed.username === 'string' ? (parsed as PublicUser) : null;
  } catch {
    return null;
  }
}

export function rememberUser(user: PublicUser): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(user));
  } catch {
    // Private mode or full storage: the online session still works.
  }
}

export function forgetUser(): void {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}
