import { decoyPasswordHash, hashPassword, verifyPassword } from '@sanidok/crypto';
import type { PublicUser } from '@sanidok/schema';
import { changePasswordSchema, loginSchema, registerSchema } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../db/database';
import type { CommandContext, RequestContext } from '../context';
import { consumeBetaCode } from '../beta/consumeBetaCode';
import { AppError, isUniqueViolation, validate } from '../errors';
import { mailAccountCreated } from '../mail/events';
import { destroyUserSessions } from '../sessions/sessions';
import { isBetaModeEnabled } from '../settings/systemSettings';
import { nowIso } from '../time';
import { accountMessages, wrongCurrentPassword } from './accountErrors';
import { assertPasswordStrong } from './passwordStrength';
import { assertCanSignIn } from './policy';
import { toPublicUser } from './publicUser';
import { checkSecondFactor } from './twoFactor';
import { findUserById, findUserByLookAlike, findUserByUsername, insertUser, updateUser } from './usersRepository';

const usernameTaken = (message: string = accountMessages.usernameTaken) => new AppError(409, 'USERNAME_TAKEN', message, { username: message });

/**
 * Creates an account. While beta mode is on, the code's use is recorded in the same transaction
 * as the user, so a failed code leaves no account behind and a failed insert uses no code.
 */
export async function registerUser(db: Db, input: unknown, context: RequestContext): Promise<PublicUser> {
  const data = validate(registerSchema, input);
  if (await findUserByUsername(db, data.username)) throw usernameTaken();
  if (await findUserByLookAlike(db, data.username)) throw usernameTaken(accountMessages.usernameLookAlike);
  assertPasswordStrong(data.password, 'password', [data.username, data.email]);
  const passwordHash = await hashPassword(data.password);
  try {
    const user = await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await insertUser(trx, {
        username: data.username,
        passwordHash,
        email: data.email,
        fullName: data.fullName ?? null,
        isAdmin: 0,
        isBlocked: 0,
        createdAt: now,
        updatedAt: now,
      });
      if (await isBetaModeEnabled(trx)) await consumeBetaCode(trx, data.betaCode, row.id, context);
      // Queued in this transaction, sent after the commit (domain/mail/outbox.ts).
      await mailAccountCreated(trx, row);
      return row;
    });
    return toPublicUser(user);
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

/**
 * Checks the credentials; blocked accounts learn that they are blocked only with the right
 * password. With two factors on, the code is the second step (./twoFactor.ts).
 */
export async function authenticate(ctx: Omit<CommandContext, 'user'>, input: unknown): Promise<{ user: UserRow; rememberMe: boolean }> {
  const data = validate(loginSchema, input);
  const user = await findUserByUsername(ctx.db, data.username);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), data.password);
  if (!user || !valid) throw new AppError(401, 'INVALID_CREDENTIALS', accountMessages.invalidCredentials);
  assertCanSignIn(user);
  await checkSecondFactor(ctx, user, data.totpCode);
  return { user, rememberMe: data.rememberMe };
}

/** Changes the password and ends the user's other sessions: a leaked session dies with the old password. */
export async function changePassword(db: Db, userId: number, input: unknown, keepSessionId?: string): Promise<void> {
  const data = validate(changePasswordSchema, input);
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(user.passwordHash, data.currentPassword))) {
    throw wrongCurrentPassword();
  }
  assertPasswordStrong(data.newPassword, 'newPassword', [user.username, user.email ?? '']);
  const passwordHash = await hashPassword(data.newPassword);
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, userId, { passwordHash, updatedAt: nowIso() });
    await destroyUserSessions(trx, userId, keepSessionId);
  });
}
