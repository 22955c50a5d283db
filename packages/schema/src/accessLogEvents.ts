import type { AccessLogAction } from './accessLogs';
import { entityId } from './services';
import { z } from './zodConfig';

/**
 * Access events the devices report (docs/spec/services.md §7 Access logging): opening a protocol and printing
 * it. Online they are REST calls; offline they wait in the outbox as 'accessLog.record' and keep
 * the time they happened.
 */

export const accessLogEventMessages = {
  protocolRequired: 'Ungültiges Protokoll',
  printTypeInvalid: 'Unbekannte Druckart',
  actionInvalid: 'Unbekannte Zugriffsart',
} as const;

const m = accessLogEventMessages;
const protocolId = z.uuid({ error: m.protocolRequired });

/** POST /api/access-logs/protocol-access */
export const protocolAccessSchema = z.object({ protocolId });

/** The events a device may record; 'other' is for the server's own entries. */
export const recordableAccessActions = ['protocol_opened', 'print_handover', 'print_complete_protocol'] as const satisfies readonly AccessLogAction[];
export type RecordableAccessAction = (typeof recordableAccessActions)[number];

export const printActionTypes = ['handover', 'complete'] as const;
export type PrintActionType = (typeof printActionTypes)[number];

export const printActionToLogAction: Record<PrintActionType, RecordableAccessAction> = {
  handover: 'print_handover',
  complete: 'print_complete_protocol',
};

/** POST /api/access-logs/print */
export const printAccessSchema = z.object({ protocolId, actionType: z.enum(printActionTypes, { error: m.printTypeInvalid }) });

/**
 * The mutation 'accessLog.record' (and the body both REST calls are turned into). `id` makes a
 * resent event count once; `occurredAt` is the device time of the access.
 */
export const recordAccessSchema = z.object({
  id: entityId.optional(),
  protocolId,
  actionType: z.enum(recordableAccessActions, { error: m.actionInvalid }),
  occurredAt: z.iso.datetime({ offset: true }).optional(),
});
export type RecordAccessInput = z.input<typeof recordAccessSchema>;
