import type { PublicUser } from '@sanidok/schema';
import type { UserRow } from '../../db/database';

/** The only way a user row leaves the server: the password hash is never part of it. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    fullName: row.fullName,
    isAdmin: row.isAdmin === 1,
    isBlocked: row.isBlocked === 1,
    totpEnabled: row.totpEnabledAt !== null,
    createdAt: row.createdAt,
  };
}
