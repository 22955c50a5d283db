import type { UserRow } from '../../db/database';
import { AppError } from '../errors';

/** Who may hold a session. One place, used by sign-in and by every request's session lookup. */
export function canHoldSession(user: UserRow): boolean {
  return user.isBlocked !== 1;
}

export function assertCanSignIn(user: UserRow): void {
  if (!canHoldSession(user)) {
    throw new AppError(403, 'BLOCKED', 'Ihr Konto ist gesperrt. Bitte wenden Sie sich an den Administrator.');
  }
}
