import { z } from './zodConfig';

/** Material catalogue of an organisation (docs/spec/services.md §3 Material). */

export const materialMessages = {
  nameRequired: 'Bitte geben Sie einen Namen ein',
  nameLong: 'Name darf höchstens 100 Zeichen lang sein',
  unitRequired: 'Bitte geben Sie eine Einheit ein',
  unitLong: 'Einheit darf höchstens 30 Zeichen lang sein',
  organizationRequired: 'Keine Organisation ausgewählt',
  duplicate: 'Ein Material mit diesem Namen gibt es im Katalog bereits.',
} as const;

export const materialFormSchema = z.object({
  name: z.string({ error: materialMessages.nameRequired }).trim().min(1, materialMessages.nameRequired).max(100, materialMessages.nameLong),
  unit: z.string({ error: materialMessages.unitRequired }).trim().min(1, materialMessages.unitRequired).max(30, materialMessages.unitLong),
});
export type MaterialFormValues = z.input<typeof materialFormSchema>;

export const createMaterialSchema = materialFormSchema.extend({
  organizationId: z.coerce
    .number({ error: materialMessages.organizationRequired })
    .int(materialMessages.organizationRequired)
    .positive(materialMessages.organizationRequired),
});
export type CreateMaterialInput = z.input<typeof createMaterialSchema>;

export interface Material {
  id: number;
  name: string;
  unit: string;
  organizationId: number;
}
