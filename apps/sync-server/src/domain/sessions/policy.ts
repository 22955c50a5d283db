import type { UserRow } from '../../db/database';

/**
 * Who may hold a session. One place, used by sign-in (accounts/policy.ts) and by every request's
 * session lookup (sessions.ts); here, below accounts, so that sessions need not import accounts.
 */
export function canHoldSession(user: UserRow): boolean {
  return user.isBlocked !== 1;
}
