import { defaultLockAfterMinutes, maxLockAfterMinutes } from '@sanidok/schema';

/**
 * How long the app waits without input before it locks. Each organisation's owner
 * sets the longest for its members' devices (`PUT /api/organizations/:id/lock-time`, carried by
 * every pull); a member of several gets the shortest; the device may only lower it.
 */
const settingKey = 'sanidok.lockAfterMinutes';

/** The device's choices: the usual steps up to the organisations' limit. */
export function lockTimeChoices(limit: number): number[] {
  return [...new Set([1, 2, 5, 10, 15, maxLockAfterMinutes, limit])].filter((m) => m <= limit).sort((a, b) => a - b);
}

/** The limit the device's organisations set; the default when it belongs to none (yet). */
export function organizationLockLimit(organizations: readonly { lockAfterMinutes: number }[] | undefined): number {
  const limits = (organizations ?? []).map((o) => o.lockAfterMinutes).filter((m) => m > 0);
  return limits.length > 0 ? Math.min(...limits) : defaultLockAfterMinutes;
}

/** The device's own choice (null: none, the limit applies). */
export function deviceLockChoice(): number | null {
  try {
    const stored = Number(localStorage.getItem(settingKey));
    return stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

export function setDeviceLockChoice(minutes: number): void {
  try {
    localStorage.setItem(settingKey, String(Math.max(1, Math.round(minutes))));
  } catch {
    // Storage unavailable: the organisations' limit applies.
  }
}

/** What applies: the device's choice, never above the limit. */
export function effectiveLockMinutes(choice: number | null, limit: number): number {
  return choice === null ? limit : Math.min(choice, limit);
}
