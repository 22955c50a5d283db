import type { RecordableAccessAction, RecordAccessInput } from '@sanidok/schema';
import { accessLogActionLabels, formatDateTime, printAccessSchema, printActionToLogAction, protocolAccessSchema, protocolLabel, recordAccessSchema } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../db/database';
import type { CommandContext } from '../context';
import { notFound, rethrowNotFoundAs, validate } from '../errors';
import { requireProtocolAccess } from '../protocols/access';
import { requireServiceAccess } from '../services/access';
import { deviceTime } from '../time';
import { inTransaction } from '../transaction';

export interface RecordedAccess {
  ok: true;
  timestamp: string;
}

export const accessLogMessages = {
  minorTreatmentNotFound: 'Bagatellbehandlung nicht gefunden',
} as const;

/** What the row names: organisation, service, protocol (if any) and the readable detail. */
interface AccessTarget {
  organizationId: number;
  serviceId: string;
  protocolId: string | null;
  /** 'Protokoll #3', 'Dienst „Stadtfest“', 'Bagatellbehandlung vom 24.11.2026 10:15 (Dienst „Stadtfest“)' */
  subject: string;
}

type RecordAccessData = ReturnType<typeof recordAccessSchema.parse>;

/**
 * The record an event names, with the caller's membership checked: outsiders get the same 404 as
 * for a record that does not exist. Any member who may see the record is logged, whatever its
 * state: a block, a discharge or an archived service must not silence the audit trail.
 */
async function resolveTarget(trx: Db, data: RecordAccessData, user: UserRow): Promise<AccessTarget> {
  // A service's patient list and its MANV person list name the service.
  if (data.actionType === 'patient_list_opened' || data.actionType === 'manv_person_list_opened' || data.actionType === 'manv_person_list_exported') {
    const { service } = await requireServiceAccess(trx, data.serviceId, user);
    return { organizationId: service.organizationId, serviceId: service.id, protocolId: null, subject: `Dienst „${service.name}“` };
  }
  if (data.actionType === 'minor_treatment_name_viewed') {
    const treatment = data.minorTreatmentId
      ? await trx.selectFrom('minorTreatments').select(['id', 'serviceId', 'createdAt']).where('id', '=', data.minorTreatmentId).executeTakeFirst()
      : undefined;
    if (!treatment) throw notFound(accessLogMessages.minorTreatmentNotFound);
    const { service } = await requireServiceAccess(trx, treatment.serviceId, user).catch(rethrowNotFoundAs(accessLogMessages.minorTreatmentNotFound));
    return {
      organizationId: service.organizationId, serviceId: service.id, protocolId: null,
      subject: `Bagatellbehandlung vom ${formatDateTime(treatment.createdAt)} (Dienst „${service.name}“, ${treatment.id})`,
    };
  }
  const { protocol } = await requireProtocolAccess(trx, data.protocolId, user);
  return { organizationId: protocol.organizationId, serviceId: protocol.serviceId, protocolId: protocol.id, subject: protocolLabel(protocol.serviceProtocolNumber) };
}

/**
 * Writes one access-log row (docs/spec/accounts.md §3; the events: docs/security.md "Access
 * logging"): user, organisation, service, protocol, address, user agent, the user's e-mail and a
 * readable detail. A resent event (same id) is stored once. Offline events keep the time they
 * happened (`occurredAt`).
 */
export async function recordAccess(ctx: CommandContext, input: unknown): Promise<RecordedAccess> {
  const data = validate(recordAccessSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const target = await resolveTarget(trx, data, ctx.user);
    const timestamp = deviceTime(data.occurredAt);
    // A resent event hits the partial unique index on event_id: `on conflict … do nothing` rather
    // than catching the error, which would abort the whole transaction on PostgreSQL.
    await trx
      .insertInto('accessLogs')
      .values({
        userId: ctx.user.id, organizationId: target.organizationId, serviceId: target.serviceId, patientProtocolId: target.protocolId,
        actionType: data.actionType, timestamp, ipAddress: ctx.request.ipAddress, userAgent: ctx.request.userAgent?.slice(0, 500) ?? null,
        userEmail: ctx.user.email, details: accessDetails(data.actionType, target.subject, ctx.deviceId !== undefined),
        eventId: data.id ?? null,
      })
      .onConflict((oc) => oc.column('eventId').where('eventId', 'is not', null).doNothing())
      .execute();
    return { ok: true as const, timestamp };
  });
}

/** 'Protokoll #3: RTW-Übergabe gedruckt (über Synchronisation gemeldet)' */
function accessDetails(action: RecordableAccessAction, subject: string, viaSync: boolean): string {
  return `${subject}: ${accessLogActionLabels[action]}${viaSync ? ' (über Synchronisation gemeldet)' : ''}`;
}

/** POST /api/access-logs/protocol-access {protocolId}: sent before a protocol opens. */
export function logProtocolAccess(ctx: CommandContext, input: unknown): Promise<RecordedAccess> {
  const { protocolId } = validate(protocolAccessSchema, input);
  return recordAccess(ctx, { protocolId, actionType: 'protocol_opened' } satisfies RecordAccessInput);
}

/** POST /api/access-logs/print {protocolId, actionType: handover | complete}. */
export function logPrint(ctx: CommandContext, input: unknown): Promise<RecordedAccess> {
  const { protocolId, actionType } = validate(printAccessSchema, input);
  return recordAccess(ctx, { protocolId, actionType: printActionToLogAction[actionType] } satisfies RecordAccessInput);
}
