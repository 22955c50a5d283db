import { entityId, protocolMessages, protocolTakesChanges } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { PatientProtocolRow, UserRow } from '../../db/database';
import { conflict, notFound, rethrowNotFoundAs } from '../errors';
import type { ServiceAccess } from '../services/access';
import { assertCaptureAllowed, assertServiceWritable, requireServiceAccess } from '../services/access';

export interface ProtocolAccess extends ServiceAccess {
  protocol: PatientProtocolRow;
}

/**
 * The protocol and the caller's membership in its service's organisation. Outsiders get the same
 * 404 as for a protocol that does not exist.
 */
export async function requireProtocolAccess(db: Db, protocolId: unknown, user: UserRow): Promise<ProtocolAccess> {
  const id = entityId.safeParse(protocolId);
  const protocol = id.success ? await db.selectFrom('patientProtocols').selectAll().where('id', '=', id.data).executeTakeFirst() : undefined;
  if (!protocol) throw notFound(protocolMessages.notFound);
  const access = await requireServiceAccess(db, protocol.serviceId, user).catch(rethrowNotFoundAs(protocolMessages.notFound));
  return { ...access, protocol };
}

/**
 * A closed (discharged, transferred, cancelled) protocol refuses every further edit, and so does
 * an open protocol of an archived service: archiving sealed its patient data like a discharge
 * (./archiving.ts), so a device that pushes a change later gets the discharged answer.
 */
export function assertProtocolOpen(access: Pick<ProtocolAccess, 'protocol' | 'service'>): void {
  if (!protocolTakesChanges(access.protocol.status, access.service.status)) throw conflict(protocolMessages.closed);
}

/**
 * Documentation on a protocol: any member of the organisation, while the protocol is open and
 * its service takes documentation (not blocked, not archived).
 */
export async function authorizeProtocolEdit(db: Db, protocolId: unknown, user: UserRow): Promise<ProtocolAccess> {
  const access = await requireProtocolAccess(db, protocolId, user);
  assertProtocolOpen(access);
  assertCaptureAllowed(access);
  return access;
}

/**
 * Discharge: an open protocol on a writable service. An archived service's protocols are closed
 * by the archiving itself, which sealed their patient data (./archiving.ts).
 */
export async function authorizeProtocolDischarge(db: Db, protocolId: unknown, user: UserRow): Promise<ProtocolAccess> {
  const access = await requireProtocolAccess(db, protocolId, user);
  assertProtocolOpen(access);
  assertServiceWritable(access);
  return access;
}
