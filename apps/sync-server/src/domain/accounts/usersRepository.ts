import { normalizeUsername } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { NewUser, UserRow, UserUpdate } from '../../db/database';
import { usernameSkeleton } from './usernameSkeleton';

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('usernameKey', '=', normalizeUsername(username)).executeTakeFirst();
}

/** Another account whose name looks like this one (same UTS #39 skeleton), if any. */
export function findUserByLookAlike(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('usernameSkeleton', '=', usernameSkeleton(username)).executeTakeFirst();
}

export async function insertUser(db: Db, user: Omit<NewUser, 'usernameKey' | 'usernameSkeleton'>): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ ...user, usernameKey: normalizeUsername(user.username), usernameSkeleton: usernameSkeleton(user.username) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: number, patch: UserUpdate): Promise<UserRow> {
  return db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('isAdmin', '=', 1).executeTakeFirstOrThrow();
  return row.n;
}
