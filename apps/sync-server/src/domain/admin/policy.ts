import { adminMessages, twoFactorMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../db/database';
import type { RequestContext } from '../context';
import { AppError, forbidden, unauthenticated } from '../errors';
import { recordAdminAction } from '../audit';

/** Who may use the admin area (docs/spec/accounts.md §6): platform admins only. */
export function isPlatformAdmin(user: UserRow | null): user is UserRow {
  return user !== null && user.isAdmin === 1 && user.isBlocked !== 1;
}

export interface AdminAttempt {
  method: string;
  path: string;
  request: RequestContext;
}

/**
 * The first line of every admin call: 401 without a session, 403 for everyone but a platform
 * admin. A refused attempt by a signed-in user is written to the audit table.
 */
export async function requirePlatformAdmin(db: Db, user: UserRow | null, attempt: AdminAttempt): Promise<UserRow> {
  if (!user) throw unauthenticated();
  if (!isPlatformAdmin(user)) {
    await recordAdminAction(db, { user, request: attempt.request }, {
      action: 'access_denied',
      targetType: 'route',
      targetName: `${attempt.method} ${attempt.path}`,
    });
    throw forbidden(adminMessages.adminOnly);
  }
  // Two factors where the power is (docs/security.md "Two factors"): no admin call before the set-up.
  if (user.totpEnabledAt === null) throw new AppError(403, 'TOTP_SETUP_REQUIRED', twoFactorMessages.setupRequired);
  return user;
}
