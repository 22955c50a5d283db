import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one instead.

/**
 * The 'service_archived' mail said the protocols are encrypted and readable only in the archive.
 * Since archiving seals every open protocol's patient data (domain/protocols/archiving.ts), that
 * is true of the patient data; the clinical parts stay readable for the organisation. The
 * sentence now says exactly that. `replace` leaves a template an administrator rewrote as it is.
 */
const before =
  'Die Patientenprotokolle sind verschlüsselt und nur noch im Patientenarchiv mit dem Organisationsschlüssel einsehbar.';
const after =
  'Die persönlichen Patientendaten aller Protokolle sind mit dem Schlüssel der Organisation versiegelt und nur noch im Patientenarchiv mit diesem Schlüssel einsehbar.';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update email_templates set html_body = replace(html_body, ${before}, ${after}), text_body = replace(text_body, ${before}, ${after}) where name = 'service_archived'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update email_templates set html_body = replace(html_body, ${after}, ${before}), text_body = replace(text_body, ${after}, ${before}) where name = 'service_archived'`.execute(db);
}
