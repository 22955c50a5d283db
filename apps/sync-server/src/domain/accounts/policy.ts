import type { UserRow } from '../../db/database';
import { AppError } from '../errors';
import { canHoldSession } from '../sessions/policy';

export function assertCanSignIn(user: UserRow): void {
  if (!canHoldSession(user)) {
    throw new AppError(403, 'BLOCKED', 'Ihr Konto ist gesperrt. Bitte wenden Sie sich an den Administrator.');
  }
}
