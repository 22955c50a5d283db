import type { MinorTreatmentTemplate, TemplateMaterial } from '@sanidok/schema';
import {
  TREATMENT_TEMPLATES_MAX, createTreatmentTemplateSchema, treatmentTemplateIdSchema, treatmentTemplateMessages, updateTreatmentTemplateSchema,
} from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { CommandContext } from '../context';
import { AppError, conflict, isUniqueViolation, validate } from '../errors';
import { authorize } from '../organizations/policy';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';
import { nextVersion, writeTombstone } from '../versions';
import { authorizeTemplateManagement } from './access';
import { templatesQuery, toTemplate } from './queries';

/**
 * Treatment templates: created, replaced and deleted by owner and admins, from the
 * device's outbox (sync mutations treatmentTemplate.*). Every member's device pulls them.
 */

const m = treatmentTemplateMessages;

/** Every preset material must be in the organisation's catalogue, not deleted: a template never names another organisation's material. */
async function assertCatalogueMaterials(trx: Db, organizationId: number, materials: readonly TemplateMaterial[]): Promise<void> {
  if (materials.length === 0) return;
  const ids = materials.map((item) => item.materialId);
  const found = await trx.selectFrom('materials').select('id')
    .where('organizationId', '=', organizationId).where('deletedAt', 'is', null).where('id', 'in', ids).execute();
  if (found.length !== new Set(ids).size) throw new AppError(400, 'VALIDATION', m.unknownMaterial, { materials: m.unknownMaterial });
}

async function loadTemplate(trx: Db, id: string): Promise<MinorTreatmentTemplate> {
  return toTemplate(await templatesQuery(trx).where('id', '=', id).executeTakeFirstOrThrow());
}

export async function createTreatmentTemplate(ctx: CommandContext, input: unknown): Promise<MinorTreatmentTemplate> {
  const data = validate(createTreatmentTemplateSchema, input);
  const { organization } = await authorize(ctx.db, data.organizationId, ctx.user, 'manageTemplates');
  const id = data.id ?? globalThis.crypto.randomUUID();
  return inTransaction(ctx.db, async (trx) => {
    const count = await trx.selectFrom('treatmentTemplates').select((eb) => eb.fn.countAll().as('n'))
      .where('organizationId', '=', organization.id).executeTakeFirstOrThrow();
    if (Number(count.n) >= TREATMENT_TEMPLATES_MAX) throw conflict(m.tooMany);
    await assertCatalogueMaterials(trx, organization.id, data.materials);
    const now = nowIso();
    try {
      await trx.insertInto('treatmentTemplates').values({
        id, organizationId: organization.id, name: data.name, description: data.description, materialsJson: JSON.stringify(data.materials),
        createdById: ctx.user.id, createdAt: now, updatedAt: now, version: await nextVersion(trx),
      }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(m.exists);
      throw error;
    }
    return loadTemplate(trx, id);
  });
}

/** Replaces name, description and materials: the last save wins (docs/decisions.md "Treatment templates"). */
export async function updateTreatmentTemplate(ctx: CommandContext, input: unknown): Promise<MinorTreatmentTemplate> {
  const data = validate(updateTreatmentTemplateSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { template } = await authorizeTemplateManagement(trx, data.id, ctx.user);
    await assertCatalogueMaterials(trx, template.organizationId, data.materials);
    await trx.updateTable('treatmentTemplates').set({
      name: data.name, description: data.description, materialsJson: JSON.stringify(data.materials), updatedAt: nowIso(), version: await nextVersion(trx),
    }).where('id', '=', template.id).execute();
    return loadTemplate(trx, template.id);
  });
}

/** Deleting leaves the minor treatments made with the template as they are: they copied its text. */
export async function deleteTreatmentTemplate(ctx: CommandContext, input: unknown): Promise<{ ok: true }> {
  const { id } = validate(treatmentTemplateIdSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { template } = await authorizeTemplateManagement(trx, id, ctx.user);
    await trx.deleteFrom('treatmentTemplates').where('id', '=', template.id).execute();
    await writeTombstone(trx, 'treatmentTemplate', template.id, template.organizationId);
    return { ok: true as const };
  });
}
