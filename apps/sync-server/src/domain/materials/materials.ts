import type { Material } from '@sanidok/schema';
import { createMaterialSchema, idParam, materialMessages, materialPriceSchema } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { CommandContext, QueryContext } from '../context';
import { conflict, isUniqueViolation, notFound, rethrowNotFoundAs, validate } from '../errors';
import { authorize, requireMembership } from '../organizations/policy';
import { nextVersion } from '../versions';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';

const nameKey = (name: string) => name.trim().normalize('NFKC').toLocaleLowerCase('de-DE');
const materialNotFound = () => notFound(materialMessages.notFound);
const materialColumns = ['id', 'name', 'unit', 'organizationId', 'unitPriceCents'] as const;

function materialsQuery(db: Db) {
  return db.selectFrom('materials').select(materialColumns).where('deletedAt', 'is', null).orderBy('name');
}

/** The catalogue of one organisation, or of all my organisations. */
export async function listMaterials(ctx: QueryContext, organizationId?: unknown): Promise<Material[]> {
  const { db, user } = ctx;
  if (organizationId !== undefined && organizationId !== '') {
    const { organization } = await requireMembership(db, organizationId, user);
    return materialsQuery(db).where('organizationId', '=', organization.id).execute();
  }
  const mine = db.selectFrom('organizationMembers').select('organizationId').where('userId', '=', user.id);
  return materialsQuery(db).where('organizationId', 'in', mine).execute();
}

export async function addMaterial(ctx: CommandContext, input: unknown): Promise<Material> {
  const { db, user } = ctx;
  const data = validate(createMaterialSchema, input);
  const { organization } = await authorize(db, data.organizationId, user, 'manageMaterials');
  try {
    return await inTransaction(db, async (trx) =>
      trx
        .insertInto('materials')
        .values({
          organizationId: organization.id, name: data.name, nameKey: nameKey(data.name), unit: data.unit, unitPriceCents: data.unitPriceCents ?? null,
          createdAt: nowIso(), version: await nextVersion(trx),
        })
        .returning(materialColumns)
        .executeTakeFirstOrThrow(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(materialMessages.duplicate);
    }
    throw error;
  }
}

/** A live catalogue entry the caller may change (the owner); outsiders learn as little about it as about the organisation. */
async function authorizeMaterialChange(db: Db, user: CommandContext['user'], materialId: unknown): Promise<{ id: number; organizationId: number }> {
  const id = idParam.safeParse(materialId);
  if (!id.success) throw materialNotFound();
  const material = await db.selectFrom('materials').select(['id', 'organizationId']).where('id', '=', id.data).where('deletedAt', 'is', null).executeTakeFirst();
  if (!material) throw materialNotFound();
  await authorize(db, material.organizationId, user, 'manageMaterials').catch(rethrowNotFoundAs(materialMessages.notFound));
  return material;
}

/** Sets or clears the unit price (material cost in the statistics); a new version so devices pull it. */
export async function setMaterialPrice(ctx: CommandContext, materialId: unknown, input: unknown): Promise<Material> {
  const data = validate(materialPriceSchema, input);
  const material = await authorizeMaterialChange(ctx.db, ctx.user, materialId);
  return inTransaction(ctx.db, async (trx) =>
    trx
      .updateTable('materials')
      .set({ unitPriceCents: data.unitPriceCents, version: await nextVersion(trx) })
      .where('id', '=', material.id)
      .returning(materialColumns)
      .executeTakeFirstOrThrow(),
  );
}

/** Removes the material from the catalogue; recorded consumption keeps its name. */
export async function deleteMaterial(ctx: CommandContext, materialId: unknown): Promise<void> {
  const { db, user } = ctx;
  const material = await authorizeMaterialChange(db, user, materialId);
  await inTransaction(db, async (trx) => {
    await trx.updateTable('materials').set({ deletedAt: nowIso(), version: await nextVersion(trx) }).where('id', '=', material.id).execute();
  });
}
