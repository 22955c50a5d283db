import { hashPassword, randomToken } from '@sanidok/crypto';
import { passwordPolicy } from '@sanidok/schema';
import type { AppConfig } from '../../config/config';
import { ConfigError } from '../../config/config';
import type { Db } from '../../db/connection';
import { isUniqueViolation } from '../errors';
import { nowIso } from '../time';
import { isWeakPassword } from './passwordStrength';
import { countAdmins, findUserByUsername, insertUser, updateUser } from './usersRepository';

export type BootstrapResult =
  | { kind: 'exists' }
  | { kind: 'created'; username: string; generatedPassword?: string };

/**
 * The first platform admin. From ADMIN_USERNAME/ADMIN_PASSWORD when given (an existing account
 * of that name is promoted), otherwise an `admin` account with a generated password, which the
 * caller prints once. Does nothing while any admin exists.
 */
export async function ensureFirstAdmin(db: Db, admin: AppConfig['admin']): Promise<BootstrapResult> {
  if ((await countAdmins(db)) > 0) return { kind: 'exists' };
  // The most powerful account gets no weaker password than anyone else (packages/schema passwordPolicy, ./passwordStrength.ts).
  if (admin && (admin.password.length < passwordPolicy.min || isWeakPassword(admin.password, [admin.username]))) {
    throw new ConfigError(`Ungültige Konfiguration:\n  ADMIN_PASSWORD: muss mindestens ${String(passwordPolicy.min)} Zeichen lang sein und darf nicht leicht zu erraten sein (kein verbreitetes Passwort, keine Wiederholung oder Tastaturfolge)`);
  }
  const username = admin?.username ?? 'admin';
  const generatedPassword = admin ? undefined : randomToken(12);
  const password = admin?.password ?? generatedPassword ?? '';
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  const existing = await findUserByUsername(db, username);
  if (existing) {
    await updateUser(db, existing.id, { isAdmin: 1, passwordHash, updatedAt: now });
  } else {
    try {
      await insertUser(db, { username, passwordHash, email: null, fullName: 'Plattform-Administrator', isAdmin: 1, isBlocked: 0, createdAt: now, updatedAt: now });
    } catch (error) {
      // Two processes starting at once on one PostgreSQL database (docs/deployment.md): the other made the admin.
      if (isUniqueViolation(error)) return { kind: 'exists' };
      throw error;
    }
  }
  return { kind: 'created', username, generatedPassword };
}
