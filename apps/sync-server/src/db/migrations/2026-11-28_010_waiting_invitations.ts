import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * Invitations that wait (docs/decisions.md "Invitations that wait"): an invitation names a
 * username or an e-mail address, not an account, so one to a name nobody holds yet waits until
 * someone registers it, and one to an address until an account has confirmed it. Rebuilt instead
 * of altered: SQLite cannot drop the NOT NULL of invited_user_id nor widen the status check. Ids
 * are not carried over (a PostgreSQL sequence would start again at 1 below them); a device that
 * still shows an old id is refused like for any closed invitation.
 */
const validDays = 14;
const signature = 'Ihr SaniDok-Team';
const paragraphs = [
  'Guten Tag,',
  'Sie wurden als {{role}} in die Organisation „{{organizationName}}“ bei SaniDok eingeladen. Die Einladung gilt bis {{expiresAt}}.',
  'So nehmen Sie sie an: Registrieren Sie sich unter {{appUrl}} oder melden Sie sich an, tragen Sie unter „Profil“ diese E-Mail-Adresse ein und bestätigen Sie sie über den Link, den SaniDok Ihnen dann sendet. Danach finden Sie die Einladung unter „Organisationen“ → „Einladungen“.',
  'Wenn Sie mit dieser Organisation nichts zu tun haben, ignorieren Sie diese E-Mail.',
];

interface OldRow { organization_id: number; invited_username: string; username_key: string; invited_by: number | null; role: string; status: string; created_at: string; responded_at: string | null }

export async function up(db: Kysely<unknown>): Promise<void> {
  const old = await sql<OldRow>`select i.organization_id, i.invited_username, u.username_key, i.invited_by, i.role, i.status, i.created_at, i.responded_at
    from organization_invitations i join users u on u.id = i.invited_user_id order by i.id`.execute(db);
  await db.schema.dropTable('organization_invitations').execute();
  await db.schema
    .createTable('organization_invitations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // As typed (for the owner's list) and normalised like users.username_key (for the match).
    .addColumn('invited_username', 'text')
    .addColumn('invited_username_key', 'text')
    // Trimmed, lower case; matched only against a confirmed users.email.
    .addColumn('invited_email', 'text')
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member').check(sql`role in ('admin', 'member')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'accepted', 'declined', 'revoked')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('responded_at', 'text')
    // Who answered (or revoked): the account behind a name or address is known only then.
    .addColumn('responded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addCheckConstraint('organization_invitations_one_target', sql`(invited_username_key is null) <> (invited_email is null)`)
    .execute();
  // One open invitation per name or address and organisation, enforced by the database itself.
  await sql`create unique index organization_invitations_one_pending_name
    on organization_invitations (organization_id, invited_username_key) where status = 'pending' and invited_username_key is not null`.execute(db);
  await sql`create unique index organization_invitations_one_pending_email
    on organization_invitations (organization_id, invited_email) where status = 'pending' and invited_email is not null`.execute(db);
  await db.schema.createIndex('organization_invitations_name').on('organization_invitations').column('invited_username_key').execute();
  await db.schema.createIndex('organization_invitations_email').on('organization_invitations').column('invited_email').execute();

  for (const row of old.rows) {
    const expiresAt = new Date(Date.parse(row.created_at) + validDays * 86_400_000).toISOString();
    await sql`insert into organization_invitations
      (organization_id, invited_username, invited_username_key, invited_by, role, status, created_at, last_sent_at, expires_at, responded_at)
      values (${row.organization_id}, ${row.invited_username}, ${row.username_key}, ${row.invited_by}, ${row.role}, ${row.status}, ${row.created_at}, ${row.created_at}, ${expiresAt}, ${row.responded_at})`.execute(db);
  }

  const now = new Date().toISOString();
  await db
    .insertInto('email_templates' as never)
    .values({
      name: 'organization_invitation_email',
      subject: 'Einladung in die Organisation „{{organizationName}}“',
      html_body: `<!DOCTYPE html><html lang="de"><body style="font-family: Arial, sans-serif; color: #1a1a1a;">${paragraphs
        .map((p) => `<p>${p}</p>`)
        .join('')}<p>Mit freundlichen Grüßen<br>${signature}</p></body></html>`,
      text_body: `${paragraphs.join('\n\n')}\n\nMit freundlichen Grüßen\n${signature}\n`,
      variables: JSON.stringify(['organizationName', 'role', 'expiresAt', 'appUrl']),
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
