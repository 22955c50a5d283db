import { z } from 'zod';
import { deviceSealedFields } from '../deviceSeal';
import type { PullResponse, PushResponse, SyncChange } from '../sync';
import { diaryEntryReply } from './board';
import { replyOf } from './common';
import { manvIncidentReply, manvPatientReply, manvTriageReply } from './manv';
import { organizationReply } from './organizations';
import { protocolPatientDataReply, protocolReply, syncedRecordRevisionReply, treatmentEntryReply, vitalRecordReply } from './protocols';
import { materialReply, materialUsageReply, minorTreatmentReply, serviceReply } from './services';
import { serviceTeamMemberReply } from './serviceTeams';
import { treatmentTemplateReply } from './treatmentTemplates';

/** true when every `From` is a `To` (tuple-wrapped, so unions are not distributed). */
type Assignable<From, To> = [From] extends [To] ? true : false;

/** Replies of the two sync calls (routes/api/sync.ts, docs/sync-protocol.md). */
export const pushReply = replyOf<PushResponse>()(
  z.object({
    lastSeq: z.number(),
    results: z.array(
      z.object({
        mutationId: z.string(),
        seq: z.number(),
        status: z.enum(['applied', 'duplicate', 'rejected']),
        message: z.string().optional(),
        code: z.string().optional(),
      }),
    ),
    wipe: z.literal(true).optional(),
  }),
);

/** Patient fields sealed to the pulling device (`deviceSealedFields` only): `l1~<page key sealed to the device>~d1.<iv>.<ct>`. */
const sealedChange = z.string().startsWith('l1~').optional();
const changeHead = { id: z.string(), organizationId: z.number(), version: z.number() };
const entityData = {
  service: serviceReply,
  material: materialReply.extend({ deletedAt: z.string().nullable() }),
  minorTreatment: minorTreatmentReply,
  materialUsage: materialUsageReply,
  protocol: protocolReply,
  // Null when sealed to the device (the change's `sealed`).
  patientData: protocolPatientDataReply.extend({ patientData: protocolPatientDataReply.shape.patientData.nullable() }),
  vitalRecord: vitalRecordReply,
  treatmentEntry: treatmentEntryReply,
  serviceTeamMember: serviceTeamMemberReply,
  treatmentTemplate: treatmentTemplateReply,
  diaryEntry: diaryEntryReply,
  manvIncident: manvIncidentReply,
  manvPatient: manvPatientReply,
  manvTriage: manvTriageReply,
  recordRevision: syncedRecordRevisionReply,
} as const;
type Entity = keyof typeof entityData;

const upserts = (Object.keys(entityData) as Entity[]).map((entity) =>
  z.object({ entity: z.literal(entity), op: z.literal('upsert'), ...changeHead, data: entityData[entity], ...(Object.hasOwn(deviceSealedFields, entity) ? { sealed: sealedChange } : {}) }),
);
const deletes = z.object({ entity: z.enum(Object.keys(entityData) as [Entity, ...Entity[]]), op: z.literal('delete'), ...changeHead });

/** One change of a pull page: an upsert with the row, or a delete. */
export const syncChangeReply = z.union([...upserts, deletes]).meta({ id: 'SyncChange' });
// Compile-time, one direction: every change the server builds fits the reply schema.
const _changeFits: Assignable<SyncChange, z.output<typeof syncChangeReply>> = true;

export const pullReply = z.object({
  cursor: z.string(),
  hasMore: z.boolean(),
  organizations: z.array(organizationReply),
  patientDataServices: z.array(z.string()),
  changes: z.array(syncChangeReply),
});
const _pullFits: Assignable<PullResponse, z.output<typeof pullReply>> = true;
