import type { OrganizationRole } from '@sanidok/schema';
import { formatDateTime, roleLabels } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../db/database';
import type { QueuedMail } from './outbox';
import { queueMails, sealOutboxVariables } from './outbox';

/**
 * The e-mails SaniDok sends (docs/spec/accounts.md §9 template types) and to whom. Each function queues inside
 * the caller's transaction and never throws (see outbox.ts); users without an address are skipped.
 */

type Person = Pick<UserRow, 'username' | 'fullName' | 'email'>;

const displayName = (person: Pick<UserRow, 'username' | 'fullName'>) => person.fullName?.trim() || person.username;
const noReason = 'Es wurde kein Grund angegeben.';

function mailTo(person: Person, template: QueuedMail['template'], variables: Record<string, string>): QueuedMail[] {
  return person.email ? [{ template, to: person.email, variables: { userName: displayName(person), ...variables } }] : [];
}

/** Members of an organisation with one of these roles. */
async function membersWithRoles(db: Db, organizationId: number, roles: readonly OrganizationRole[]): Promise<Person[]> {
  return db
    .selectFrom('organizationMembers as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.username', 'u.fullName', 'u.email'])
    .where('m.organizationId', '=', organizationId)
    .where('m.role', 'in', roles)
    .execute();
}

export const mailAccountCreated = (db: Db, user: Person) =>
  queueMails(db, () => mailTo(user, 'account_created', { username: user.username }));

export const mailAccountBlocked = (db: Db, user: Person, reason: string | null) =>
  queueMails(db, () => mailTo(user, 'account_blocked', { reason: reason ?? noReason }));

/** To the owner: the one who answers for the organisation. */
export const mailOrganizationBlocked = (db: Db, organization: { id: number; name: string }, reason: string | null) =>
  queueMails(db, async () =>
    (await membersWithRoles(db, organization.id, ['owner'])).flatMap((p) =>
      mailTo(p, 'organization_blocked', { organizationName: organization.name, reason: reason ?? noReason })));

/** To those who plan services (owner and admins). */
export const mailServiceBlocked = (db: Db, service: { name: string; organizationId: number }, organizationName: string, reason: string | null) =>
  queueMails(db, async () =>
    (await membersWithRoles(db, service.organizationId, ['owner', 'admin'])).flatMap((p) =>
      mailTo(p, 'service_blocked', { organizationName, serviceName: service.name, reason: reason ?? noReason })));

export const mailInvitation = (db: Db, invitation: { invitee: Person; organizationName: string; inviter: Pick<UserRow, 'username' | 'fullName'>; role: OrganizationRole }) =>
  queueMails(db, () =>
    mailTo(invitation.invitee, 'organization_invitation', {
      organizationName: invitation.organizationName,
      inviterName: displayName(invitation.inviter),
      role: roleLabels[invitation.role],
    }));

/**
 * An invitation to an e-mail address (domain/organizations/invitationCommands.ts): it may reach
 * someone without an account, so it carries no inviter's name (free text, a spam carrier) and
 * only the organisation's name, which holds no link (packages/schema/src/organizations.ts).
 */
export const mailInvitationToAddress = (db: Db, invitation: { to: string; organizationName: string; role: OrganizationRole; expiresAt: string; appUrl: string }) =>
  queueMails(db, () => [{
    template: 'organization_invitation_email',
    to: invitation.to,
    variables: { organizationName: invitation.organizationName, role: roleLabels[invitation.role], expiresAt: formatDateTime(invitation.expiresAt), appUrl: invitation.appUrl },
  }]);

/** Completing or archiving a service: to the organisation's owner and admins. */
export const mailServiceStatus = (db: Db, service: { name: string; organizationId: number }, organizationName: string, status: 'completed' | 'archived') =>
  queueMails(db, async () =>
    (await membersWithRoles(db, service.organizationId, ['owner', 'admin'])).flatMap((p) =>
      mailTo(p, status === 'archived' ? 'service_archived' : 'service_completed', { organizationName, serviceName: service.name })));

/**
 * A new organisation key (docs/security.md, "Key rotation"): to the owner, so that a rotation the
 * owner did not make — the path a platform admin signed in as the owner would take — never goes
 * unnoticed.
 */
export const mailKeyRotated = (
  db: Db,
  organization: { id: number; name: string },
  change: { keyFingerprint: string; changedBy: string; ipAddress: string | null },
) =>
  queueMails(db, async () =>
    (await membersWithRoles(db, organization.id, ['owner'])).flatMap((p) =>
      mailTo(p, 'organization_key_rotated', {
        organizationName: organization.name,
        keyFingerprint: change.keyFingerprint,
        changedBy: change.changedBy,
        ipAddress: change.ipAddress ?? '-',
        timestamp: formatDateTime(new Date().toISOString()),
      })));

/**
 * A recovery of the organisation key was requested (domain/archive/keyRecovery.ts): owner and
 * admins hear of it at once, while it can still be cancelled.
 */
export const mailKeyRecoveryRequested = (
  db: Db,
  organization: { id: number; name: string },
  request: { keyFingerprint: string; requestedBy: string; ipAddress: string | null; effectiveAt: string },
) =>
  queueMails(db, async () =>
    (await membersWithRoles(db, organization.id, ['owner', 'admin'])).flatMap((p) =>
      mailTo(p, 'organization_key_recovery_requested', {
        organizationName: organization.name,
        keyFingerprint: request.keyFingerprint,
        requestedBy: request.requestedBy,
        ipAddress: request.ipAddress ?? '-',
        effectiveAt: formatDateTime(request.effectiveAt),
        timestamp: formatDateTime(new Date().toISOString()),
      })));

/** A platform admin set a new password for this account: the account's holder is told at once. */
export const mailPasswordResetByAdmin = (db: Db, user: Person, admin: Pick<UserRow, 'username'>) =>
  queueMails(db, () => mailTo(user, 'password_reset_by_admin', { adminName: admin.username, timestamp: formatDateTime(new Date().toISOString()) }));

/** The account's address was changed: to the old address, which may be the holder's last line (domain/accounts/profile.ts). */
export const mailEmailChanged = (db: Db, user: Person, change: { newEmail: string; ipAddress: string | null }) =>
  queueMails(db, () =>
    mailTo(user, 'email_changed', { username: user.username, newEmail: change.newEmail, ipAddress: change.ipAddress ?? '-', timestamp: formatDateTime(new Date().toISOString()) }));

/** Two-factor sign-in was set up, moved, switched off, or a recovery code used (domain/accounts/twoFactor.ts). */
export const mailTwoFactorChanged = (db: Db, user: Person, change: string, ipAddress: string | null) =>
  queueMails(db, () => mailTo(user, 'two_factor_changed', { change, ipAddress: ipAddress ?? '-', timestamp: formatDateTime(new Date().toISOString()) }));

/** The reset link (domain/accounts/passwordReset.ts), to the account's own address only, sealed in the outbox. */
export const mailPasswordReset = (db: Db, user: Person, link: { resetUrl: string; expiresAt: string }, dataKey: string) =>
  queueMails(db, () =>
    Promise.all(
      mailTo(user, 'password_reset', { resetUrl: link.resetUrl, expiresAt: formatDateTime(link.expiresAt) }).map(async (mail) => ({
        ...mail, variables: {}, sealedVariables: await sealOutboxVariables(dataKey, mail.variables),
      })),
    ));

/** The confirmation link (domain/accounts/emailVerification.ts), to the address it confirms, sealed in the outbox. */
export const mailEmailVerification = (db: Db, user: Person, link: { verifyUrl: string; expiresAt: string }, dataKey: string) =>
  queueMails(db, () =>
    Promise.all(
      mailTo(user, 'email_verification', { verifyUrl: link.verifyUrl, expiresAt: formatDateTime(link.expiresAt) }).map(async (mail) => ({
        ...mail, variables: {}, sealedVariables: await sealOutboxVariables(dataKey, mail.variables),
      })),
    ));

export interface ArchiveAlert {
  failureCount: number;
  username: string | null;
  organizationName: string | null;
  serviceName: string | null;
  timestamp: string;
  ipAddress: string | null;
}

/** Repeated wrong keys at the archive (docs/spec/accounts.md §4: at 5 the administrator is notified): every platform admin. */
/** The template variables both alert mails share. */
const alertVariables = (alert: ArchiveAlert): Record<string, string> => ({
  failureCount: String(alert.failureCount),
  username: alert.username ?? '-',
  organizationName: alert.organizationName ?? '-',
  serviceName: alert.serviceName ?? '-',
  timestamp: formatDateTime(alert.timestamp),
  ipAddress: alert.ipAddress ?? '-',
});

export const mailArchiveAccessAlert = (db: Db, alert: ArchiveAlert) =>
  queueMails(db, async () => {
    const admins = await db.selectFrom('users').select(['username', 'fullName', 'email']).where('isAdmin', '=', 1).where('isBlocked', '=', 0).execute();
    return admins.flatMap((admin) => mailTo(admin, 'archive_access_alert', alertVariables(alert)));
  });

/** The same alert to the organisation's owner: a stolen owner session guessing keys is noticed by the owner. */
export const mailArchiveAccessAlertToOwner = (db: Db, organizationId: number, alert: ArchiveAlert) =>
  queueMails(db, async () =>
    (await membersWithRoles(db, organizationId, ['owner'])).flatMap((owner) => mailTo(owner, 'archive_access_alert_owner', alertVariables(alert))));
