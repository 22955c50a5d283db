import type { TemplateMaterial, TreatmentTemplateFormValues } from '@sanidok/schema';
import { mayManageTemplates, syncMutations } from '@sanidok/schema';
import type { LocalTreatmentTemplate, SaniDokDb } from '../db';
import { activeDatabase } from '../db';
import { writeMutation } from '../outbox';
import { uuidv7 } from '../uuid';
import { LocalWriteError } from './services';

/**
 * Treatment templates: read by every member's capture dialog, maintained by owner and
 * admins. The device refuses what the server would (role, blocked organisation, a material not in
 * the catalogue) before it queues the write.
 */

export async function listTreatmentTemplates(db: SaniDokDb, organizationId: number): Promise<LocalTreatmentTemplate[]> {
  const rows = await db.treatmentTemplates.where('organizationId').equals(organizationId).toArray();
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'de'));
}

/** The server's rule (domain/organizations/policy.ts manageTemplates) and its 423, known here from the synced organisation. */
async function requireTemplateRights(tx: SaniDokDb, organizationId: number): Promise<void> {
  const organization = await tx.organizations.get(organizationId);
  if (!organization) throw new LocalWriteError('organizationUnknown');
  if (!mayManageTemplates(organization.role)) throw new LocalWriteError('templatesNotAllowed');
  if (organization.isBlocked) throw new LocalWriteError('organizationBlocked');
}

async function requireCatalogueMaterials(tx: SaniDokDb, organizationId: number, materials: readonly TemplateMaterial[]): Promise<void> {
  const rows = await tx.materials.bulkGet(materials.map((m) => m.materialId));
  if (rows.some((row) => !row || row.organizationId !== organizationId || row.deletedAt !== null)) throw new LocalWriteError('templateMaterialUnknown');
}

async function requireTemplate(tx: SaniDokDb, id: string): Promise<LocalTreatmentTemplate> {
  const template = await tx.treatmentTemplates.get(id);
  if (!template) throw new LocalWriteError('templateNotFound');
  await requireTemplateRights(tx, template.organizationId);
  return template;
}

export interface TemplateInput extends TreatmentTemplateFormValues {
  materials: TemplateMaterial[];
}

export async function createTreatmentTemplate(organizationId: number, input: TemplateInput): Promise<string> {
  const db = activeDatabase();
  const args = syncMutations['treatmentTemplate.create'].schema.parse({ ...input, organizationId, id: uuidv7() });
  await writeMutation(db, 'treatmentTemplate.create', async (tx) => {
    await requireTemplateRights(tx, organizationId);
    await requireCatalogueMaterials(tx, organizationId, args.materials);
    return args;
  });
  return args.id;
}

export async function updateTreatmentTemplate(id: string, input: TemplateInput): Promise<void> {
  const db = activeDatabase();
  const args = syncMutations['treatmentTemplate.update'].schema.parse({ ...input, id });
  await writeMutation(db, 'treatmentTemplate.update', async (tx) => {
    const template = await requireTemplate(tx, id);
    await requireCatalogueMaterials(tx, template.organizationId, args.materials);
    return args;
  });
}

export async function deleteTreatmentTemplate(id: string): Promise<void> {
  const db = activeDatabase();
  const args = syncMutations['treatmentTemplate.delete'].schema.parse({ id });
  await writeMutation(db, 'treatmentTemplate.delete', async (tx) => {
    await requireTemplate(tx, id);
    return args;
  });
}
