import type { Selectable } from 'kysely';
import type { CreatedAt, IsoTimestamp, JsonText } from '../columns';

/** Treatment templates of an organisation (domain/treatmentTemplates). */
export interface TreatmentTemplatesTable {
  id: string;
  organizationId: number;
  name: string;
  description: string;
  /** [{materialId, quantity}], validated with the shared schema before it is written. */
  materialsJson: JsonText;
  createdById: number | null;
  createdAt: CreatedAt;
  updatedAt: IsoTimestamp;
  version: number;
}

export interface TreatmentTemplateTables {
  treatmentTemplates: TreatmentTemplatesTable;
}

export type TreatmentTemplateRow = Selectable<TreatmentTemplatesTable>;
