import type { Material } from '@sanidok/schema';
import { createMaterialSchema, idParam, materialMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { CommandContext, QueryContext } from '../context';
import { AppError, conflict, isUniqueViolation, notFound, validate } from '../errors';
import { authorize, requireMembership } from '../organizations/policy';
import { nextVersion } from '../versions';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';

const nameKey = (name: string) => name.trim().normalize('NFKC').toLocaleLowerCase('de-DE');
const materialNotFound = () => notFound('Material nicht gefunden.');

function materialsQuery(db: Db) {
  return db.selectFrom('materials').select(['id', 'name', 'unit', 'organizationId']).where('deletedAt', 'is', null).orderBy('name');
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
        .values({ organizationId: organization.id, name: data.name, nameKey: nameKey(data.name), unit: data.unit, createdAt: nowIso(), version: await nextVersion(trx) })
        .returning(['id', 'name', 'unit', 'organizationId'])
        .executeTakeFirstOrThrow(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(materialMessages.duplicate);
    }
    throw error;
  }
}

/** Removes the material from the catalogue; recorded consumption keeps its name. */
export async function deleteMaterial(ctx: CommandContext, materialId: unknown): Promise<void> {
  const { db, user } = ctx;
  const id = idParam.safeParse(materialId);
  if (!id.success) throw materialNotFound();
  const material = await db.selectFrom('materials').select(['id', 'organizationId']).where('id', '=', id.data).where('deletedAt', 'is', null).executeTakeFirst();
  if (!material) throw materialNotFound();
  // Outsiders learn as little about the material as about the organisation.
  await authorize(db, material.organizationId, user, 'manageMaterials').catch((error: unknown) => {
    throw error instanceof AppError && error.statusCode === 404 ? materialNotFound() : error;
  });
  await inTransaction(db, async (trx) => {
    await trx.updateTable('materials').set({ deletedAt: nowIso(), version: await nextVersion(trx) }).where('id', '=', material.id).execute();
  });
}
