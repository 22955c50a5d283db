import { z } from 'zod';
import type { FieldRevision } from '../fieldRevisions';
import type { Material } from '../materials';
import type { MaterialUsage, MinorTreatment, UsedMaterialSummary } from '../minorTreatments';
import { materialUsageSources } from '../minorTreatments';
import type { Service } from '../services';
import { serviceStatuses } from '../services';
import { enteredInErrorReply } from './protocols';
import { replyOf } from './common';

/** Replies of services, materials and minor treatments (routes/api/services.ts, materials*.ts, minorTreatments.ts). */
export const serviceReply = replyOf<Service>()(
  z
    .object({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      location: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      organizationId: z.number(),
      organizationName: z.string(),
      createdById: z.number().nullable(),
      createdByName: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
      status: z.enum(serviceStatuses),
      isBlocked: z.boolean(),
      accessCode: z.string().nullable(),
      version: z.number(),
      needsReview: z.boolean().optional(),
    })
    .meta({ id: 'Service' }),
);

export const fieldRevisionReply = replyOf<FieldRevision>()(
  z.object({
    entity: z.enum(['service', 'protocol', 'patientData']),
    field: z.string(),
    replacedValue: z.string().nullable(),
    newValue: z.string().nullable(),
    changedAt: z.string(),
    changedBy: z.string().nullable(),
  }),
);

export const materialReply = replyOf<Material>()(
  z.object({ id: z.number(), name: z.string(), unit: z.string(), organizationId: z.number(), unitPriceCents: z.number().nullable() }).meta({ id: 'Material' }),
);

export const minorTreatmentReply = replyOf<MinorTreatment>()(
  z
    .object({
      id: z.string(),
      serviceId: z.string(),
      serviceName: z.string(),
      organizationId: z.number(),
      patientName: z.string().nullable(),
      description: z.string(),
      treatedById: z.number().nullable(),
      createdAt: z.string(),
      date: z.string(),
      materials: z.array(z.object({ materialId: z.number(), name: z.string(), quantity: z.number() })),
      enteredInError: enteredInErrorReply.optional(),
    })
    .meta({ id: 'MinorTreatment' }),
);

export const materialUsageReply = replyOf<MaterialUsage>()(
  z.object({
    id: z.string(),
    materialId: z.number(),
    quantity: z.number(),
    serviceId: z.string(),
    organizationId: z.number(),
    source: z.enum(materialUsageSources),
    sourceId: z.string().nullable(),
    usedAt: z.string(),
    refilledAt: z.string().nullable(),
  }),
);

export const usedMaterialSummaryReply = replyOf<UsedMaterialSummary>()(
  z.object({ id: z.number(), name: z.string(), unit: z.string(), count: z.number(), lastUsed: z.string() }),
);

export const usedMaterialsAddedReply = replyOf<{ usageIds: string[] }>()(z.object({ usageIds: z.array(z.string()) }));
export const materialsRefilledReply = replyOf<{ refilled: number }>()(z.object({ refilled: z.number() }));

