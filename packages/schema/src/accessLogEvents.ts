import type { AccessLogAction } from './accessLogs';
import { entityId } from './services';
import { z } from './zodConfig';

/**
 * Access events the devices report (docs/spec/services.md §7 Access logging; docs/security.md "Access
 * logging"): opening and printing a protocol, opening a service's patient list, showing a minor
 * treatment's full name. Online, opening and printing a protocol are also REST calls; every event
 * can wait in the outbox as 'accessLog.record' and keeps the time it happened.
 */

export const accessLogEventMessages = {
  protocolRequired: 'Ungültiges Protokoll',
  serviceRequired: 'Ungültiger Sanitätsdienst',
  minorTreatmentRequired: 'Ungültige Bagatellbehandlung',
  targetMismatch: 'Diese Angabe passt nicht zur Zugriffsart',
  printTypeInvalid: 'Unbekannte Druckart',
  actionInvalid: 'Unbekannte Zugriffsart',
} as const;

const m = accessLogEventMessages;
const protocolId = z.uuid({ error: m.protocolRequired });

/** POST /api/access-logs/protocol-access */
export const protocolAccessSchema = z.object({ protocolId });

/** The events a device may record; 'other' is for the server's own entries. */
export const recordableAccessActions = [
  'protocol_opened', 'print_handover', 'print_complete_protocol', 'fhir_export', 'patient_list_opened', 'minor_treatment_name_viewed',
  'manv_person_list_opened', 'manv_person_list_exported',
] as const satisfies readonly AccessLogAction[];
export type RecordableAccessAction = (typeof recordableAccessActions)[number];

/** The record an event names: a protocol, a service (its patient list) or a minor treatment. */
export type AccessEventTarget = 'protocolId' | 'serviceId' | 'minorTreatmentId';
const accessEventTargetKeys = ['protocolId', 'serviceId', 'minorTreatmentId'] as const satisfies readonly AccessEventTarget[];

export const accessEventTargets = {
  protocol_opened: 'protocolId',
  print_handover: 'protocolId',
  print_complete_protocol: 'protocolId',
  fhir_export: 'protocolId',
  patient_list_opened: 'serviceId',
  minor_treatment_name_viewed: 'minorTreatmentId',
  manv_person_list_opened: 'serviceId',
  manv_person_list_exported: 'serviceId',
} as const satisfies Record<RecordableAccessAction, AccessEventTarget>;

const targetMessages: Record<AccessEventTarget, string> = {
  protocolId: m.protocolRequired,
  serviceId: m.serviceRequired,
  minorTreatmentId: m.minorTreatmentRequired,
};

export const printActionTypes = ['handover', 'complete'] as const;
export type PrintActionType = (typeof printActionTypes)[number];

export const printActionToLogAction: Record<PrintActionType, RecordableAccessAction> = {
  handover: 'print_handover',
  complete: 'print_complete_protocol',
};

/** POST /api/access-logs/print */
export const printAccessSchema = z.object({ protocolId, actionType: z.enum(printActionTypes, { error: m.printTypeInvalid }) });

/**
 * The mutation 'accessLog.record' (and the body both REST calls are turned into). Each event names
 * exactly the record of its kind (accessEventTargets): a protocol event its protocol, the patient
 * list its service, the full name its minor treatment. `id` makes a resent event count once;
 * `occurredAt` is the device time of the access.
 */
export const recordAccessSchema = z
  .object({
    id: entityId.optional(),
    actionType: z.enum(recordableAccessActions, { error: m.actionInvalid }),
    protocolId: protocolId.optional(),
    serviceId: z.uuid({ error: m.serviceRequired }).optional(),
    minorTreatmentId: z.uuid({ error: m.minorTreatmentRequired }).optional(),
    occurredAt: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((value, ctx) => {
    const target = accessEventTargets[value.actionType];
    for (const key of accessEventTargetKeys) {
      if (key === target && value[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: targetMessages[key] });
      if (key !== target && value[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: m.targetMismatch });
    }
  });
export type RecordAccessInput = z.input<typeof recordAccessSchema>;
