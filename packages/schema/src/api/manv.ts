import { z } from 'zod';
import { genders } from '../patientData';
import type { ManvIncident, ManvPatient, ManvTriage } from '../manv';
import { manvAlgorithms, manvCategories, manvPhases, manvQualifications, transportMeans, transportPositions, transportPriorities } from '../manv';
import { replyOf } from './common';

/** MANV rows as a pull sends them (apps/sync-server/src/domain/manv/queries.ts). */
export const manvIncidentReply = replyOf<ManvIncident>()(
  z.object({
    id: z.string(), serviceId: z.string(), organizationId: z.number(), name: z.string(), startedAt: z.string(), endedAt: z.string().nullable(),
    blueEnabled: z.boolean(), createdById: z.number().nullable(),
  }).meta({ id: 'ManvIncident' }),
);

const transportReply = z.object({
  priority: z.enum(transportPriorities), means: z.enum(transportMeans), destination: z.string(), position: z.enum(transportPositions), departedAt: z.string(),
});

export const manvPatientReply = replyOf<ManvPatient>()(
  z.object({
    id: z.string(), incidentId: z.string(), serviceId: z.string(), organizationId: z.number(), tagNumber: z.string(), createdAt: z.string(),
    createdById: z.number().nullable(), treatmentArea: z.string().nullable(), name: z.string().nullable(), sex: z.enum(genders).nullable(),
    estimatedAge: z.number().nullable(), diagnosis: z.string().nullable(), duplicateOf: z.string().nullable(), protocolId: z.string().nullable(),
    transport: transportReply.nullable(),
  }).meta({ id: 'ManvPatient' }),
);

export const manvTriageReply = replyOf<ManvTriage>()(
  z.object({
    id: z.string(), patientId: z.string(), incidentId: z.string(), serviceId: z.string(), organizationId: z.number(),
    category: z.enum(manvCategories), phase: z.enum(manvPhases), algorithm: z.enum(manvAlgorithms), qualification: z.enum(manvQualifications),
    triagedAt: z.string(), triagedById: z.number().nullable(), triagedByName: z.string().nullable(),
  }).meta({ id: 'ManvTriage' }),
);
