import { addUsedMaterialsSchema, createMinorTreatmentSchema, createServiceSchema, refillMaterialsSchema, serviceIdSchema, updateServiceSchema } from '@sanidok/schema';
import type { z } from 'zod';
import type { CommandContext } from '../context';
import { addUsedMaterials, refillMaterials } from '../materialUsage/commands';
import { createMinorTreatment } from '../minorTreatments/commands';
import { archiveService, completeService, createService, deleteService, updateService } from '../services/commands';

export interface MutationHandler {
  /** The shared schema the command validates with (listed here for documentation and fuzzing). */
  schema: z.ZodType;
  command: (ctx: CommandContext, args: unknown) => Promise<unknown>;
}

/**
 * Every mutation a device may push, by name. The same command functions serve the REST routes,
 * so each rule has one implementation. The PWA registers the same names in src/data/mutations.ts.
 */
export const mutationRegistry: Readonly<Record<string, MutationHandler>> = {
  'service.create': { schema: createServiceSchema, command: createService },
  'service.update': { schema: updateServiceSchema, command: updateService },
  'service.archive': { schema: serviceIdSchema, command: archiveService },
  'service.complete': { schema: serviceIdSchema, command: completeService },
  'service.delete': { schema: serviceIdSchema, command: deleteService },
  'minorTreatment.create': { schema: createMinorTreatmentSchema, command: createMinorTreatment },
  'materialUsage.add': { schema: addUsedMaterialsSchema, command: addUsedMaterials },
  'materialUsage.refill': { schema: refillMaterialsSchema, command: refillMaterials },
};

export const mutationNames = Object.keys(mutationRegistry);
