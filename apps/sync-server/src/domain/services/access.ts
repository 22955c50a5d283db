import { captureRefusal, captureRefusalMessages, entityId, serviceWriteRefusal } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { ServiceRow, UserRow } from '../../db/database';
import { AppError, notFound, rethrowNotFoundAs } from '../errors';
import type { OrganizationAccess } from '../organizations/policy';
import { assertAllowed, requireMembership } from '../organizations/policy';

export const serviceAccessMessages = {
  notFound: 'Sanitätsdienst nicht gefunden',
  blocked: captureRefusalMessages.serviceBlocked,
  archived: captureRefusalMessages.serviceArchived,
} as const;

export interface ServiceAccess extends OrganizationAccess {
  service: ServiceRow;
}

/** The service and the caller's membership in its organisation; outsiders get the same 404. */
export async function requireServiceAccess(db: Db, serviceId: unknown, user: UserRow): Promise<ServiceAccess> {
  const id = entityId.safeParse(serviceId);
  const service = id.success ? await db.selectFrom('services').selectAll().where('id', '=', id.data).executeTakeFirst() : undefined;
  if (!service) throw notFound(serviceAccessMessages.notFound);
  const access = await requireMembership(db, service.organizationId, user).catch(rethrowNotFoundAs(serviceAccessMessages.notFound));
  return { ...access, service };
}

/** A blocked service, or one of a blocked organisation, is read-only (423; packages/schema captureRule.ts). */
export function assertServiceWritable(access: ServiceAccess): void {
  const refusal = serviceWriteRefusal(access.organization, access.service);
  if (refusal) throw new AppError(423, 'BLOCKED', captureRefusalMessages[refusal]);
}

/** Planning rights (owner, admin) on a writable service. */
export async function authorizeServiceManagement(db: Db, serviceId: unknown, user: UserRow): Promise<ServiceAccess> {
  const access = await requireServiceAccess(db, serviceId, user);
  assertAllowed(access, 'manageServices');
  assertServiceWritable(access);
  return access;
}

/** Documentation rights: any member, on a service that is neither blocked nor archived. */
export async function authorizeCapture(db: Db, serviceId: unknown, user: UserRow): Promise<ServiceAccess> {
  const access = await requireServiceAccess(db, serviceId, user);
  assertCaptureAllowed(access);
  return access;
}

/** The service takes documentation: not blocked (423), not archived (409). */
export function assertCaptureAllowed(access: ServiceAccess): void {
  const refusal = captureRefusal(access.organization, access.service);
  if (refusal === 'serviceArchived') throw new AppError(409, 'CONFLICT', captureRefusalMessages.serviceArchived);
  if (refusal) throw new AppError(423, 'BLOCKED', captureRefusalMessages[refusal]);
}
