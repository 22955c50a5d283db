import type { MinorTreatmentTemplate, TemplateMaterial } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { TreatmentTemplateRow } from '../../db/database';

/** The columns a template is built from; `version` for the pull. */
export function templatesQuery(db: Db) {
  return db.selectFrom('treatmentTemplates').select(['id', 'organizationId', 'name', 'description', 'materialsJson', 'updatedAt', 'version']);
}

type TemplateColumns = Pick<TreatmentTemplateRow, 'id' | 'organizationId' | 'name' | 'description' | 'materialsJson' | 'updatedAt'>;

export function toTemplate(row: TemplateColumns): MinorTreatmentTemplate {
  // Written only from the shared schema's output (commands.ts), so the JSON has that shape.
  const materials = JSON.parse(row.materialsJson) as TemplateMaterial[];
  return { id: row.id, organizationId: row.organizationId, name: row.name, description: row.description, materials, updatedAt: row.updatedAt };
}
