import { archiveMessages, entityId } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { ServiceRow, UserRow } from '../../db/database';
import { carriesSecretText } from '../bodyGuard';
import { AppError, notFound } from '../errors';
import type { OrganizationAccess } from '../organizations/policy';
import { authorize, policyMessages } from '../organizations/policy';

/**
 * The archive is the owner's alone (docs/spec/accounts.md §6, `openArchive`): admins and members get 403, and so
 * do platform administrators ("Platform admins get 403 like anyone who is not the owner" —
 * they see every organisation in the admin area anyway, so the 403 reveals nothing). Other
 * outsiders get the 404 of an unknown organisation. Reading stays possible while the organisation
 * is blocked (an owner must still be able to answer a patient's request for their data).
 */
export async function requireArchiveOwner(db: Db, organizationId: unknown, user: UserRow): Promise<OrganizationAccess> {
  try {
    return await authorize(db, organizationId, user, 'openArchive', false);
  } catch (error) {
    if (user.isAdmin === 1 && error instanceof AppError && error.statusCode === 404 && (await organizationExists(db, organizationId))) {
      throw new AppError(403, 'FORBIDDEN', policyMessages.openArchive);
    }
    throw error;
  }
}

async function organizationExists(db: Db, organizationId: unknown): Promise<boolean> {
  const id = Number(organizationId);
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  return (await db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
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

/** Anything that looks like the organisation secret: a field of that name or its text form (domain/bodyGuard.ts). */
function carriesSecret(value: unknown, depth = 0): boolean {
  if (depth > 5) return false;
  if (typeof value === 'string') return carriesSecretText(value);
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => secretFieldNames.has(key.toLowerCase()) || carriesSecret(inner, depth + 1));
}

/**
 * The server never takes the organisation key (docs/spec/accounts.md §7 sent it as `encryptionKey`): a request
 * that carries it is refused before anything else, with a German explanation, and not counted
 * as a failed attempt. Nothing of the body is stored or logged.
 */
export function refuseSecret(body: unknown): void {
  if (carriesSecret(body)) throw new AppError(400, 'SECRET_NOT_ACCEPTED', archiveMessages.secretNotAccepted);
}
