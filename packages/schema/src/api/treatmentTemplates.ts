import { z } from 'zod';
import type { MinorTreatmentTemplate } from '../treatmentTemplates';
import { replyOf } from './common';

/** A treatment template as a pull sends it (domain/treatmentTemplates/queries.ts). */
export const treatmentTemplateReply = replyOf<MinorTreatmentTemplate>()(
  z.object({
    id: z.string(),
    organizationId: z.number(),
    name: z.string(),
    description: z.string(),
    materials: z.array(z.object({ materialId: z.number(), quantity: z.number() })),
    updatedAt: z.string(),
  }).meta({ id: 'TreatmentTemplate' }),
);
