import { z } from 'zod';
import type { PatientData } from '../patientData';
import { genders } from '../patientData';
import type { PatientProtocol, PatientProtocolWithSummary, ProtocolDetail, ProtocolPatientData } from '../protocols';
import { dischargeOutcomes, dischargeStatuses, protocolStatuses } from '../protocols';
import type { TreatmentEntry } from '../treatmentEntries';
import { treatmentPerformers } from '../treatmentEntries';
import { vitalParameterTypes } from '../vitalParameters';
import type { VitalRecord } from '../vitals';
import type { SyncedRecordRevision } from '../recordHistory';
import { recordRevisionSchema } from '../recordHistory';
import { replyOf } from './common';

/** Replies of patient protocols, vital signs, treatment entries and access events (routes/api/patientProtocols.ts, accessLogEvents.ts). */
const protocolShape = {
  id: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  organizationId: z.number(),
  serviceProtocolNumber: z.number(),
  status: z.enum(protocolStatuses),
  chiefComplaint: z.string().nullable(),
  initialAssessment: z.string().nullable(),
  allergies: z.string().nullable(),
  medications: z.string().nullable(),
  pastHistory: z.string().nullable(),
  handlingInstructions: z.string().nullable(),
  helper1: z.string().nullable(),
  helper2: z.string().nullable(),
  symptoms: z.string().nullable(),
  incidentTime: z.string().nullable(),
  naca: z.string().nullable().optional(),
  diagnosisGroup: z.string().nullable().optional(),
  dischargeStatus: z.enum(dischargeStatuses).nullable(),
  dischargeOutcome: z.enum(dischargeOutcomes).nullable(),
  dischargeDestination: z.string().nullable(),
  handoverTo: z.string().nullable(),
  dischargeComment: z.string().nullable(),
  dischargedById: z.number().nullable(),
  dischargedAt: z.string().nullable(),
  treatedById: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
  needsReview: z.boolean(),
};

export const protocolReply = replyOf<PatientProtocol>()(z.object(protocolShape));

export const protocolWithSummaryReply = replyOf<PatientProtocolWithSummary>()(
  z.object({ ...protocolShape, treatmentSummary: z.string() }).meta({ id: 'PatientProtocol' }),
);

export const patientDataReply = replyOf<PatientData>()(
  z.object({
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string().optional(),
    gender: z.enum(genders).optional(),
    address: z.string().optional(),
    phone: z.string().optional(),
    insuranceInfo: z.string().optional(),
    insuranceCardNumber: z.string().optional(),
    location: z.string().optional(),
    emergencyContact: z.string().optional(),
    emergencyContactPhone: z.string().optional(),
  }),
);

export const protocolDetailReply = replyOf<ProtocolDetail>()(
  z.object({ protocol: protocolWithSummaryReply, patientData: patientDataReply.nullable() }),
);

export const protocolPatientDataReply = replyOf<ProtocolPatientData>()(
  z.object({ protocolId: z.string(), patientData: patientDataReply, version: z.number() }),
);

/** A wrong entry's mark (../recordHistory.ts); null while it stands. */
export const enteredInErrorReply = z
  .object({ at: z.string(), reason: z.string(), byId: z.number().nullable() })
  .nullable()
  .meta({ id: 'EnteredInError' });

/** A revision as the pull carries it (sync entity `recordRevision`); values null where sealed. */
export const syncedRecordRevisionReply = replyOf<SyncedRecordRevision>()(
  recordRevisionSchema.extend({ id: z.string(), protocolId: z.string(), organizationId: z.number(), replacedConcurrentEdit: z.boolean() }).meta({ id: 'SyncedRecordRevision' }),
);

export const vitalRecordReply = replyOf<VitalRecord>()(
  z
    .object({
      id: z.string(),
      protocolId: z.string(),
      organizationId: z.number(),
      recordedAt: z.string(),
      recordedById: z.number().nullable(),
      values: z.array(z.object({ id: z.string(), parameterType: z.enum(vitalParameterTypes), value: z.string(), unit: z.string().nullable() })),
      enteredInError: enteredInErrorReply.optional(),
    })
    .meta({ id: 'VitalRecord' }),
);

export const treatmentEntryReply = replyOf<TreatmentEntry>()(
  z
    .object({
      id: z.string(),
      protocolId: z.string(),
      organizationId: z.number(),
      time: z.string(),
      text: z.string(),
      performer: z.enum(treatmentPerformers),
      performerName: z.string().nullable(),
      createdAt: z.string(),
      recordedById: z.number().nullable(),
      enteredInError: enteredInErrorReply.optional(),
    })
    .meta({ id: 'TreatmentEntry' }),
);

/** An access event was written (apps/sync-server/src/domain/accessLogs/record.ts). */
export const recordedAccessReply = z.object({ ok: z.literal(true), timestamp: z.string() });
