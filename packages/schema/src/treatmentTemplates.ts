import { quantitySchema } from './minorTreatments';
import type { OrganizationRole } from './organizations';
import { entityId } from './services';
import { z } from './zodConfig';

/**
 * Treatment templates: per organisation, a chip label, the description a minor
 * treatment takes over and preset materials with quantities. Maintained by owner and admins,
 * offered as one-tap chips in the minor-treatment dialog; synced to every member's device so they
 * work offline. Writes are sync mutations (create, update, delete); an update replaces the whole
 * template (docs/decisions.md "Treatment templates").
 */

export const treatmentTemplateMessages = {
  nameRequired: 'Bitte geben Sie einen Namen für die Vorlage ein',
  nameLong: 'Name darf höchstens 40 Zeichen lang sein',
  descriptionRequired: 'Bitte geben Sie den Beschreibungstext der Vorlage ein',
  descriptionLong: 'Beschreibung darf höchstens 2000 Zeichen lang sein',
  organizationRequired: 'Keine Organisation ausgewählt',
  materialInvalid: 'Ungültiges Material',
  tooManyMaterials: 'Höchstens 20 Materialien je Vorlage',
  duplicateMaterial: 'Jedes Material darf in einer Vorlage nur einmal vorkommen',
  unknownMaterial: 'Ein Material der Vorlage steht nicht (mehr) im Materialkatalog der Organisation.',
  notAllowed: 'Nur der Inhaber oder ein Administrator darf Behandlungsvorlagen anlegen, ändern oder löschen.',
  notFound: 'Vorlage nicht gefunden.',
  exists: 'Diese Vorlage gibt es bereits.',
  tooMany: 'Eine Organisation kann höchstens 100 Vorlagen haben.',
} as const;

/** Who maintains templates: the server's policy (organizationRules.manageTemplates) and the device's local rule read this. */
export const templateManagerRoles = ['owner', 'admin'] as const satisfies readonly OrganizationRole[];
export const mayManageTemplates = (role: OrganizationRole): boolean => (templateManagerRoles as readonly OrganizationRole[]).includes(role);

/** Templates per organisation: a chip row, not a catalogue (and a bound on what one admin can make every device store). */
export const TREATMENT_TEMPLATES_MAX = 100;
export const TEMPLATE_MATERIALS_MAX = 20;

const t = treatmentTemplateMessages;

export const templateMaterialSchema = z.object({
  materialId: z.number({ error: t.materialInvalid }).int(t.materialInvalid).positive(t.materialInvalid),
  quantity: quantitySchema,
});
export type TemplateMaterial = z.output<typeof templateMaterialSchema>;

const templateMaterials = z
  .array(templateMaterialSchema, { error: t.materialInvalid })
  .max(TEMPLATE_MATERIALS_MAX, t.tooManyMaterials)
  .refine((items) => new Set(items.map((i) => i.materialId)).size === items.length, t.duplicateMaterial);

/** The form of the maintenance dialog (materials are chosen beside it). */
export const treatmentTemplateFormSchema = z.object({
  name: z.string({ error: t.nameRequired }).trim().min(1, t.nameRequired).max(40, t.nameLong),
  description: z.string({ error: t.descriptionRequired }).trim().min(1, t.descriptionRequired).max(2000, t.descriptionLong),
});
export type TreatmentTemplateFormValues = z.input<typeof treatmentTemplateFormSchema>;

export const createTreatmentTemplateSchema = treatmentTemplateFormSchema.extend({
  id: entityId.optional(),
  organizationId: z.number({ error: t.organizationRequired }).int(t.organizationRequired).positive(t.organizationRequired),
  materials: templateMaterials.default([]),
});
export type CreateTreatmentTemplateInput = z.input<typeof createTreatmentTemplateSchema>;

/** The whole template again: the last save wins (decisions "Treatment templates"). */
export const updateTreatmentTemplateSchema = treatmentTemplateFormSchema.extend({
  id: entityId,
  materials: templateMaterials.default([]),
});
export type UpdateTreatmentTemplateInput = z.input<typeof updateTreatmentTemplateSchema>;

export const treatmentTemplateIdSchema = z.object({ id: entityId });

export interface MinorTreatmentTemplate {
  id: string;
  organizationId: number;
  name: string;
  description: string;
  materials: TemplateMaterial[];
  updatedAt: string;
}
