import {
  addUsedMaterialsSchema, createMinorTreatmentSchema, createProtocolSchema, createServiceSchema, dischargeProtocolSchema, recordAccessSchema,
  recordVitalsSchema, refillMaterialsSchema, serviceIdSchema, treatmentEntrySchema, updateProtocolSchema, updateServiceSchema,
} from '@sanidok/schema';
import type { z } from 'zod';
import { recordAccess } from '../accessLogs/record';
import type { CommandContext } from '../context';
import { addUsedMaterials, refillMaterials } from '../materialUsage/commands';
import { createMinorTreatment } from '../minorTreatments/commands';
import { createProtocol, dischargeProtocol, updateProtocol } from '../protocols/commands';
import { addTreatmentEntry } from '../protocols/treatmentEntries';
import { recordVitals } from '../protocols/vitals';
import { archiveService, completeService, createService, deleteService, updateService } from '../services/commands';

export interface MutationHandler {
  /** The shared schema the command validates with (listed here for documentation and fuzzing). */
  schema: z.ZodType;
  command: (ctx: CommandContext, args: unknown) => Promise<unknown>;
  /** Args carry patient data: a rejected mutation's args are kept encrypted in the quarantine. */
  sensitive?: true;
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
  'minorTreatment.create': { schema: createMinorTreatmentSchema, command: createMinorTreatment, sensitive: true },
  'materialUsage.add': { schema: addUsedMaterialsSchema, command: addUsedMaterials },
  'materialUsage.refill': { schema: refillMaterialsSchema, command: refillMaterials },
  'protocol.create': { schema: createProtocolSchema, command: createProtocol, sensitive: true },
  'protocol.update': { schema: updateProtocolSchema, command: updateProtocol, sensitive: true },
  'protocol.discharge': { schema: dischargeProtocolSchema, command: dischargeProtocol },
  // Args are the record model ({id, protocolId, recordedAt, values}); REST also takes the simple form.
  'vitals.record': { schema: recordVitalsSchema, command: recordVitals },
  'treatmentEntry.add': { schema: treatmentEntrySchema, command: addTreatmentEntry },
  'accessLog.record': { schema: recordAccessSchema, command: recordAccess },
};

export const mutationNames = Object.keys(mutationRegistry);
