import { entityId } from './services';
import { z } from './zodConfig';

/**
 * The history of a record (§ 630f BGB, docs/decisions.md "Every change kept"): every change of a
 * protocol's fields, its patient data, its discharge, and every "irrtümlich" mark of a vital sign,
 * treatment entry or minor treatment appends one revision — who, when, from which device, the old
 * and the new value. Nothing is overwritten without one, nothing is deleted while the record is
 * open. Unlike field revisions (./fieldRevisions.ts: only values a concurrent edit replaced, for the
 * review), this is the complete, ordered record.
 */

export const recordHistoryMessages = {
  reasonRequired: 'Bitte geben Sie an, warum der Eintrag irrtümlich ist.',
  reasonLong: 'Die Begründung darf höchstens 500 Zeichen lang sein',
  entryNotFound: 'Eintrag nicht gefunden',
} as const;

const m = recordHistoryMessages;

/** What a revision belongs to. */
export const recordRevisionEntities = ['protocol', 'patientData', 'discharge', 'vitalRecord', 'treatmentEntry', 'minorTreatment'] as const;
export type RecordRevisionEntity = (typeof recordRevisionEntities)[number];

/** The field name of an "irrtümlich" mark: old value null, new value the reason. */
export const enteredInErrorField = 'enteredInError';

/** A wrong entry stays, struck through, with why and by whom (never deleted while the record is open). */
export interface EnteredInError {
  at: string;
  reason: string;
  byId: number | null;
}

/**
 * 'vitals.markInError', 'treatmentEntry.markInError', 'minorTreatment.markInError': the entry's
 * id, the reason (required) and the device time of the mark.
 */
export const markEnteredInErrorSchema = z.object({
  id: entityId,
  reason: z.string({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(500, m.reasonLong),
  markedAt: z.iso.datetime({ offset: true }).optional(),
});
export type MarkEnteredInErrorInput = z.input<typeof markEnteredInErrorSchema>;

/** One revision as GET …/history answers it, in the order the server applied the changes. */
export interface RecordRevision {
  entity: RecordRevisionEntity;
  entityId: string;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  /** The device's time of the change (an offline edit keeps its real time). */
  changedAt: string;
  changedBy: string | null;
  deviceId: string | null;
  /** The server's order: old values chain to the previous revision's new value of the same field. */
  sequence: number;
}

/** One revision as stored in the sealed history and answered by GET …/history. */
export const recordRevisionSchema = z.object({
  entity: z.enum(recordRevisionEntities),
  entityId: z.string(),
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  changedAt: z.string(),
  changedBy: z.string().nullable(),
  deviceId: z.string().nullable(),
  sequence: z.number(),
});

/**
 * One revision as the pull carries it to the team's devices (sync entity `recordRevision`,
 * docs/sync-protocol.md): the history of an open protocol, so the "Änderungsverlauf" and the
 * conflict review read the device only and work offline. `oldValue` and `newValue` are clinical or
 * identifying: sealed to the device key like every clinical field (./clinicalScope.ts).
 * `replacedConcurrentEdit`: this change overwrote a value another device wrote meanwhile (the
 * server's field revision of the same write), what the conflict review lists.
 */
export interface SyncedRecordRevision extends RecordRevision {
  /** The server's row id. */
  id: string;
  protocolId: string;
  organizationId: number;
  replacedConcurrentEdit: boolean;
}

/** What the discharge seals beside the patient data (packages/crypto historySealing.ts). */
export const sealedRecordHistoryPayloadSchema = z.object({
  v: z.literal(1),
  protocolId: z.string(),
  revisions: z.array(recordRevisionSchema),
});
export type SealedRecordHistoryPayload = z.output<typeof sealedRecordHistoryPayloadSchema>;
