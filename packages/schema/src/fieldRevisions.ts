import { z } from 'zod';

/**
 * A value replaced by a concurrent edit (docs/sync-protocol.md, Conflicts): what stood in the
 * field, what replaced it, who wrote the winning value and when. Patient-data values are only
 * served while the protocol is open; at discharge they are sealed into the archive with the rest
 * of the patient data.
 */
export const fieldRevisionSchema = z.object({
  entity: z.enum(['service', 'protocol', 'patientData']),
  field: z.string(),
  replacedValue: z.string().nullable(),
  newValue: z.string().nullable(),
  changedAt: z.string(),
  changedBy: z.string().nullable(),
});
export type FieldRevision = z.infer<typeof fieldRevisionSchema>;
export const fieldRevisionListSchema = z.array(fieldRevisionSchema);
