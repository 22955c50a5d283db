import { invitationMailPauseMinutes } from '@sanidok/schema';
import type { OrganizationInvitationsTable } from '../../db/tables/organizations';
import type { Db } from '../../db/connection';
import type { OrganizationRow, UserRow } from '../../db/database';
import { mailInvitation, mailInvitationToAddress } from '../mail/events';
import { addMs, minutes, nowIso } from '../time';

/** The invitation mails, to an account's address (by name) or to the invited address. */
const invitationTemplates = ['organization_invitation', 'organization_invitation_email'];

/**
 * Whether an invitation mail to this address was queued or sent within the pause
 * (`invitationMailPauseMinutes`), by any organisation: an address is not flooded by several
 * inviters at once. The outbox holds what is still to go, the log what went.
 */
async function mailedRecently(db: Db, address: string): Promise<boolean> {
  const since = addMs(nowIso(), -minutes(invitationMailPauseMinutes));
  const lower = address.trim().toLowerCase();
  const queued = await db.selectFrom('emailOutbox').select('id')
    .where((eb) => eb.fn('lower', ['toEmail']), '=', lower).where('templateName', 'in', invitationTemplates).where('createdAt', '>=', since)
    .executeTakeFirst();
  if (queued) return true;
  const logged = await db.selectFrom('emailLogs').select('id')
    .where((eb) => eb.fn('lower', ['toEmail']), '=', lower).where('templateName', 'in', invitationTemplates).where('createdAt', '>=', since)
    .executeTakeFirst();
  return logged !== undefined;
}

type Invitation = Pick<OrganizationInvitationsTable, 'invitedEmail' | 'role' | 'expiresAt'>;

/**
 * Queues the mail of an invitation: to the invited address, or to the address of the account that
 * holds the invited name (`invitee`, undefined when none does). Both paths run the same pause
 * query, so a name without an account costs about as long as one with (docs/security.md).
 * Inside the pause nothing is queued and nothing is said: the invitation waits all the same.
 */
export async function sendInvitationMail(
  db: Db,
  invitation: Invitation,
  context: { organization: OrganizationRow; inviter: UserRow; invitee: UserRow | undefined; appUrl: string },
): Promise<void> {
  const address = invitation.invitedEmail ?? context.invitee?.email ?? '';
  if (await mailedRecently(db, address)) return;
  if (invitation.invitedEmail) {
    await mailInvitationToAddress(db, { to: invitation.invitedEmail, organizationName: context.organization.name, role: invitation.role, expiresAt: invitation.expiresAt, appUrl: context.appUrl });
  } else if (context.invitee) {
    await mailInvitation(db, { invitee: context.invitee, organizationName: context.organization.name, inviter: context.inviter, role: invitation.role });
  }
}
