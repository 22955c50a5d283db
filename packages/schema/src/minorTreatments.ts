import type { EnteredInError } from './recordHistory';
import { entityId } from './services';
import { z } from './zodConfig';

/** Minor treatments (Bagatellen) and material consumption, docs/spec/services.md §3, §5, §7. */

export const minorTreatmentMessages = {
  serviceRequired: 'Bitte wählen Sie einen Sanitätsdienst aus',
  patientNameRequired: 'Bitte geben Sie den Namen des Patienten ein',
  descriptionRequired: 'Bitte beschreiben Sie die Behandlung',
  quantityMin: 'Menge muss mindestens 1 sein',
  quantityInteger: 'Menge muss eine ganze Zahl sein',
  quantityMax: 'Menge darf höchstens 9999 sein',
  materialInvalid: 'Ungültiges Material',
  tooManyMaterials: 'Höchstens 50 Materialien je Behandlung',
  patientNameLong: 'Name darf höchstens 200 Zeichen lang sein',
  descriptionLong: 'Beschreibung darf höchstens 2000 Zeichen lang sein',
  // Variant on the service detail page (docs/spec/services.md §5).
  serviceUuid: 'Service ID muss eine gültige UUID sein',
  patientNameRequiredDetail: 'Patientenname ist erforderlich',
  descriptionRequiredDetail: 'Beschreibung ist erforderlich',
  sourceInvalid: 'Ungültige Herkunft',
  noMaterials: 'Bitte wählen Sie mindestens ein Material aus',
} as const;

const m = minorTreatmentMessages;

export const quantitySchema = z
  .number({ error: m.quantityMin })
  .int(m.quantityInteger)
  .min(1, m.quantityMin)
  .max(9999, m.quantityMax);

/** One chosen material: catalogue id, count, and the usage row's id made on the device. */
export const usedMaterialItemSchema = z.object({
  id: z.number({ error: m.materialInvalid }).int(m.materialInvalid).positive(m.materialInvalid),
  quantity: quantitySchema,
  usageId: entityId.optional(),
});
export type UsedMaterialItem = z.input<typeof usedMaterialItemSchema>;

const usedMaterials = z.array(usedMaterialItemSchema, { error: m.materialInvalid }).max(50, m.tooManyMaterials);

export const createMinorTreatmentSchema = z.object({
  id: entityId.optional(),
  serviceId: z.uuid({ error: m.serviceRequired }),
  patientName: z.string({ error: m.patientNameRequired }).trim().min(1, m.patientNameRequired).max(200, m.patientNameLong),
  description: z.string({ error: m.descriptionRequired }).trim().min(1, m.descriptionRequired).max(2000, m.descriptionLong),
  materials: usedMaterials.default([]),
  /** When the medic saved it on the device (offline entries keep their real time). */
  createdAt: z.iso.datetime({ offset: true }).optional(),
});
export type CreateMinorTreatmentInput = z.input<typeof createMinorTreatmentSchema>;

/** The dialog's form (docs/spec/services.md §2): materials are edited beside the form, not through it. */
export const minorTreatmentFormSchema = z.object({
  serviceId: z.string({ error: m.serviceRequired }).min(1, m.serviceRequired),
  patientName: z.string({ error: m.patientNameRequired }).trim().min(1, m.patientNameRequired).max(200, m.patientNameLong),
  description: z.string({ error: m.descriptionRequired }).trim().min(1, m.descriptionRequired).max(2000, m.descriptionLong),
});
export type MinorTreatmentFormValues = z.input<typeof minorTreatmentFormSchema>;

/** The same form on the service detail page, with that page's messages. */
export const serviceMinorTreatmentFormSchema = z.object({
  serviceId: z.uuid({ error: m.serviceUuid }),
  patientName: z.string({ error: m.patientNameRequiredDetail }).trim().min(1, m.patientNameRequiredDetail).max(200, m.patientNameLong),
  description: z.string({ error: m.descriptionRequiredDetail }).trim().min(1, m.descriptionRequiredDetail).max(2000, m.descriptionLong),
});

export const materialUsageSources = ['minor_treatment', 'patient_protocol', 'manual'] as const;
export type MaterialUsageSource = (typeof materialUsageSources)[number];

export const addUsedMaterialsSchema = z.object({
  serviceId: z.uuid({ error: m.serviceRequired }),
  source: z.enum(materialUsageSources, { error: m.sourceInvalid }).default('manual'),
  sourceId: z.string().max(100).nullish(),
  materials: usedMaterials.min(1, m.noMaterials),
  usedAt: z.iso.datetime({ offset: true }).optional(),
});
export type AddUsedMaterialsInput = z.input<typeof addUsedMaterialsSchema>;

/** 'Aufgefüllt' and 'Liste leeren': mark usage rows refilled. Without ids: every open row in scope. */
export const refillMaterialsSchema = z.object({
  serviceId: z.uuid({ error: m.serviceRequired }),
  materialId: z.coerce.number().int().positive(m.materialInvalid).optional(),
  usageIds: z.array(entityId).max(10_000).optional(),
});
export type RefillMaterialsInput = z.input<typeof refillMaterialsSchema>;

export interface MinorTreatment {
  id: string;
  serviceId: string;
  serviceName: string;
  organizationId: number;
  /**
   * Null where the reader may not see it: not on the service's team, or the service is past its
   * patient-data window (docs/security.md, "Patient data follows the team").
   */
  patientName: string | null;
  description: string;
  treatedById: number | null;
  createdAt: string;
  /** Same as createdAt; the list of docs/spec/services.md §7 calls it date. */
  date: string;
  materials: { materialId: number; name: string; quantity: number }[];
  /**
   * Marked wrong: stays visible, struck through (./recordHistory.ts). The server always sends it;
   * rows stored on a device before the marks existed lack it.
   */
  enteredInError?: EnteredInError | null;
}

export interface MaterialUsage {
  id: string;
  materialId: number;
  quantity: number;
  serviceId: string;
  organizationId: number;
  source: MaterialUsageSource;
  sourceId: string | null;
  usedAt: string;
  refilledAt: string | null;
}

/** One row of the Materialverbrauch table: open (not refilled) consumption per material. */
export interface UsedMaterialSummary {
  id: number;
  name: string;
  unit: string;
  count: number;
  lastUsed: string;
}
