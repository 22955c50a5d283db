import { z } from './zodConfig';

/** Material catalogue of an organisation (docs/spec/services.md §3 Material). */

export const materialMessages = {
  nameRequired: 'Bitte geben Sie einen Namen ein',
  nameLong: 'Name darf höchstens 100 Zeichen lang sein',
  unitRequired: 'Bitte geben Sie eine Einheit ein',
  unitLong: 'Einheit darf höchstens 30 Zeichen lang sein',
  organizationRequired: 'Keine Organisation ausgewählt',
  duplicate: 'Ein Material mit diesem Namen gibt es im Katalog bereits.',
  priceInvalid: 'Bitte geben Sie den Preis in Euro an, z. B. 1,20 (höchstens 10.000 €).',
  notFound: 'Material nicht gefunden.',
} as const;

/** Price of one unit in euro cents (the statistics' material cost); null = not known. */
export const materialPriceMaxCents = 1_000_000;
const unitPriceCents = z
  .number({ error: materialMessages.priceInvalid })
  .int(materialMessages.priceInvalid)
  .min(0, materialMessages.priceInvalid)
  .max(materialPriceMaxCents, materialMessages.priceInvalid)
  .nullable();

/** Euro text as typed ('1,20', '1.2', '3', '') → cents; undefined when it is no price. Empty → null. */
export function euroTextToCents(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/\s*€$/, '');
  if (trimmed === '') return null;
  const match = /^(\d{1,5})(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= materialPriceMaxCents ? cents : undefined;
}

/** Cents as the form shows them: '1,20'; '' for no price. */
export const centsToEuroText = (cents: number | null): string => (cents === null ? '' : (cents / 100).toFixed(2).replace('.', ','));

/** The price field of the material dialogs: euro text, checked with the same rule the server applies to cents. */
export const euroTextSchema = z.string().refine((text) => euroTextToCents(text) !== undefined, materialMessages.priceInvalid);

/** PATCH /api/materials/{id}: the owner sets or clears a unit price. */
export const materialPriceSchema = z.object({ unitPriceCents });
export type MaterialPriceInput = z.input<typeof materialPriceSchema>;

export const materialFormSchema = z.object({
  name: z.string({ error: materialMessages.nameRequired }).trim().min(1, materialMessages.nameRequired).max(100, materialMessages.nameLong),
  unit: z.string({ error: materialMessages.unitRequired }).trim().min(1, materialMessages.unitRequired).max(30, materialMessages.unitLong),
});
export type MaterialFormValues = z.input<typeof materialFormSchema>;

/** 'Material hinzufügen' with its optional price as typed; the dialog sends cents (euroTextToCents). */
export const materialDialogSchema = materialFormSchema.extend({ unitPrice: euroTextSchema });
/** 'Preis ändern': the price alone. */
export const materialPriceFormSchema = z.object({ unitPrice: euroTextSchema });

export const createMaterialSchema = materialFormSchema.extend({
  unitPriceCents: unitPriceCents.optional(),
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
  /** Euro cents per unit; null = no price known (the statistics name such units apart). */
  unitPriceCents: number | null;
}
