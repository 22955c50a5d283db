import { archiveMessages, entityId } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { ServiceRow, UserRow } from '../../db/database';
import { AppError, notFound } from '../errors';
import type { OrganizationAccess } from '../organizations/policy';
import { authorize } from '../organizations/policy';

/**
 * The archive is the owner's alone (spec 1 §6, `openArchive`): admins and members get 403,
 * outsiders — platform administrators included — the 404 of an unknown organisation.
 * Reading stays possible while the organisation is blocked (an owner must still be able to
 * answer a patient's request for their data).
 */
export function requireArchiveOwner(db: Db, organizationId: unknown, user: UserRow): Promise<OrganizationAccess> {
  return authorize(db, organizationId, user, 'openArchive', false);
}

/** A service of this organisation, or 404. */
export async function requireArchiveService(db: Db, organizationId: number, serviceId: unknown): Promise<ServiceRow> {
  const id = entityId.safeParse(serviceId);
  const service = id.success
    ? await db.selectFrom('services').selectAll().where('id', '=', id.data).where('organizationId', '=', organizationId).executeTakeFirst()
    : undefined;
  if (!service) throw notFound(archiveMessages.serviceNotFound);
  return service;
}

const secretFieldNames = new Set(['encryptionkey', 'secret', 'organizationsecret', 'organizationkey', 'privatekey']);

/** Anything that looks like the organisation secret: a field of that name or a 'SANI1-…' text. */
function carriesSecret(value: unknown, depth = 0): boolean {
  if (depth > 5) return false;
  if (typeof value === 'string') return /^\s*SANI1/i.test(value);
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => secretFieldNames.has(key.toLowerCase()) || carriesSecret(inner, depth + 1));
}

/**
 * The server never takes the organisation key (spec 1 §7 sent it as `encryptionKey`): a request
 * that carries it is refused before anything else, with a German explanation, and not counted
 * as a failed attempt. Nothing of the body is stored or logged.
 */
export function refuseSecret(body: unknown): void {
  if (carriesSecret(body)) throw new AppError(400, 'SECRET_NOT_ACCEPTED', archiveMessages.secretNotAccepted);
}
