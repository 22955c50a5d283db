import type { MaterialUsageSource, UsedMaterialItem } from '@sanidok/schema';
import { insertRow } from '../../db/compiledInsert';
import { constraintViolation } from '../../db/constraintErrors';
import type { Db } from '../../db/connection';
import { AppError } from '../errors';
import { nextVersion } from '../versions';

export const usageMessages = {
  foreignMaterial: 'Das Material gehört nicht zur Organisation dieses Sanitätsdienstes.',
  duplicateUsage: 'Dieser Materialverbrauch wurde bereits erfasst.',
} as const;

interface UsageScope {
  serviceId: string;
  organizationId: number;
  userId: number;
}

/**
 * Writes consumption rows for chosen materials: used by minor treatments, protocols and manual
 * entries alike. Every material must come from the service's organisation (a material removed
 * from the catalogue later still counts: the medic picked it while it was there).
 */
export async function recordUsage(
  trx: Db,
  scope: UsageScope,
  items: readonly UsedMaterialItem[],
  source: MaterialUsageSource,
  sourceId: string | null,
  usedAt: string,
): Promise<string[]> {
  if (items.length === 0) return [];
  const ids = [...new Set(items.map((i) => i.id))];
  const known = await trx.selectFrom('materials').select('id').where('id', 'in', ids).where('organizationId', '=', scope.organizationId).execute();
  if (known.length !== ids.length) {
    throw new AppError(400, 'VALIDATION', usageMessages.foreignMaterial, { materials: usageMessages.foreignMaterial });
  }
  const usageIds: string[] = [];
  for (const item of items) {
    const id = item.usageId ?? globalThis.crypto.randomUUID();
    await insertRow(trx, 'materialUsage', {
      id, materialId: item.id, quantity: item.quantity, serviceId: scope.serviceId, organizationId: scope.organizationId,
      source, sourceId, usedAt, refilledAt: null, recordedById: scope.userId, version: await nextVersion(trx),
    }).catch((error: unknown) => {
      throw isDuplicate(error) ? new AppError(409, 'CONFLICT', usageMessages.duplicateUsage) : error;
    });
    usageIds.push(id);
  }
  return usageIds;
}

const isDuplicate = (error: unknown) => constraintViolation(error) === 'primaryKey';
