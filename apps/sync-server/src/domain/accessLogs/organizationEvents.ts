import type { Db } from '../../db/connection';
import type { CommandContext } from '../context';
import { nowIso } from '../time';

/**
 * An access-log row about the organisation itself rather than one protocol ('other' in the owner's
 * Zugriffsprotokolle tab): a key rotation, a platform admin's password reset of its owner. Written
 * inside the caller's transaction, so the change and its trace commit together.
 */
export async function logOrganizationEvent(trx: Db, ctx: CommandContext, organizationId: number, details: string): Promise<void> {
  await trx
    .insertInto('accessLogs')
    .values({
      userId: ctx.user.id, organizationId, serviceId: null, patientProtocolId: null, actionType: 'other', timestamp: nowIso(),
      ipAddress: ctx.request.ipAddress, userAgent: ctx.request.userAgent?.slice(0, 500) ?? null, userEmail: ctx.user.email, details, eventId: null,
    })
    .execute();
}
