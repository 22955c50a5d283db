import type { RecordableAccessAction } from '@sanidok/schema';
import { accessLogActionLabels, printAccessSchema, printActionToLogAction, protocolAccessSchema, protocolLabel, recordAccessSchema } from '@sanidok/schema';
import type { CommandContext } from '../context';
import { isUniqueViolation, validate } from '../errors';
import { requireProtocolAccess } from '../protocols/access';
import { deviceTime } from '../time';
import { inTransaction } from '../transaction';

export interface RecordedAccess {
  ok: true;
  timestamp: string;
}

/**
 * Writes one access-log row (docs/spec/accounts.md §3): user, organisation, service, protocol, address, user
 * agent, the user's e-mail and a readable detail. Any member who may see the protocol is logged,
 * whatever its state: a block or a discharge must not silence the audit trail. A resent event
 * (same id) is stored once. Offline events keep the time they happened (`occurredAt`).
 */
export async function recordAccess(ctx: CommandContext, input: unknown): Promise<RecordedAccess> {
  const data = validate(recordAccessSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { protocol } = await requireProtocolAccess(trx, data.protocolId, ctx.user);
    const timestamp = deviceTime(data.occurredAt);
    try {
      await trx
        .insertInto('accessLogs')
        .values({
          userId: ctx.user.id, organizationId: protocol.organizationId, serviceId: protocol.serviceId, patientProtocolId: protocol.id,
          actionType: data.actionType, timestamp, ipAddress: ctx.request.ipAddress, userAgent: ctx.request.userAgent?.slice(0, 500) ?? null,
          userEmail: ctx.user.email, details: accessDetails(data.actionType, protocol.serviceProtocolNumber, ctx.deviceId !== undefined),
          eventId: data.id ?? null,
        })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    return { ok: true as const, timestamp };
  });
}

/** 'Protokoll #3: RTW-Übergabe gedruckt (offline erfasst)' */
function accessDetails(action: RecordableAccessAction, number: number, viaSync: boolean): string {
  return `${protocolLabel(number)}: ${accessLogActionLabels[action]}${viaSync ? ' (über Synchronisation gemeldet)' : ''}`;
}

/** POST /api/access-logs/protocol-access {protocolId}: sent before a protocol opens. */
export function logProtocolAccess(ctx: CommandContext, input: unknown): Promise<RecordedAccess> {
  const { protocolId } = validate(protocolAccessSchema, input);
  return recordAccess(ctx, { protocolId, actionType: 'protocol_opened' });
}

/** POST /api/access-logs/print {protocolId, actionType: handover | complete}. */
export function logPrint(ctx: CommandContext, input: unknown): Promise<RecordedAccess> {
  const { protocolId, actionType } = validate(printAccessSchema, input);
  return recordAccess(ctx, { protocolId, actionType: printActionToLogAction[actionType] });
}
