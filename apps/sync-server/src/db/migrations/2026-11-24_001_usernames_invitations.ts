import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import unhomoglyph from 'unhomoglyph';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * A frozen copy of domain/accounts/usernameSkeleton.ts as it was when this migration shipped
 * (unhomoglyph pinned at 1.0.6 in package.json): a later change of the live function must come
 * with a migration of its own that recomputes the column, never change what this one wrote.
 */
function usernameSkeleton(username: string): string {
  return unhomoglyph(username.trim().normalize('NFKC').normalize('NFD')).normalize('NFD').toLocaleLowerCase('de-DE');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // UTS #39 skeleton of the username (domain/accounts/usernameSkeleton.ts): unique, so a
  // look-alike of an existing name is refused by the database itself. Nullable: where existing
  // accounts already look alike, the oldest keeps the skeleton and the others keep signing in;
  // new names are still checked against the one stored skeleton.
  await db.schema.alterTable('users').addColumn('username_skeleton', 'text').execute();
  const users = await sql<{ id: number; username: string }>`select id, username from users order by id`.execute(db);
  const seen = new Set<string>();
  for (const user of users.rows) {
    const skeleton = usernameSkeleton(user.username);
    if (seen.has(skeleton)) continue;
    seen.add(skeleton);
    await sql`update users set username_skeleton = ${skeleton} where id = ${user.id}`.execute(db);
  }
  await db.schema.createIndex('users_username_skeleton').unique().on('users').column('username_skeleton').execute();

  // Every invitation attempt, also for names that do not exist: the per-inviter and
  // per-organisation limits count these rows (domain/organizations/invitationLimits.ts).
  await db.schema
    .createTable('invitation_attempts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('inviter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invitation_attempts_inviter').on('invitation_attempts').columns(['inviter_id', 'created_at']).execute();
  await db.schema.createIndex('invitation_attempts_organization').on('invitation_attempts').columns(['organization_id', 'created_at']).execute();
}
