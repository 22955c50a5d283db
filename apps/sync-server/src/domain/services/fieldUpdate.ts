import type { Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { ServiceRow, ServicesTable } from '../../db/database';
import { planFieldUpdate } from '../fieldUpdate';
import { nowIso } from '../time';

type EditableField = 'name' | 'description' | 'location' | 'startDate' | 'endDate' | 'accessCode';
const editable: readonly EditableField[] = ['name', 'description', 'location', 'startDate', 'endDate', 'accessCode'];

/**
 * Writes the given fields of a service; concurrent edits are kept as revisions and flag the
 * service for review (see ../fieldUpdate.ts). The schema keeps required fields non-empty;
 * nullable ones (description, accessCode) may clear.
 */
export async function applyFieldUpdate(
  trx: Db,
  userId: number,
  service: ServiceRow,
  fields: Partial<Record<EditableField, string | null | undefined>>,
  baseVersion: number | undefined,
): Promise<void> {
  const plan = await planFieldUpdate(trx, {
    entity: 'service', entityId: service.id, userId, editable, current: service, fieldVersions: service.fieldVersions,
    rowVersion: service.version, fields, baseVersion,
  });
  if (!plan) return;
  await trx
    .updateTable('services')
    .set({ ...(plan.patch as Updateable<ServicesTable>), fieldVersions: plan.fieldVersions, version: plan.version, updatedAt: nowIso(), ...(plan.conflicted ? { needsReview: 1 } : {}) })
    .where('id', '=', service.id)
    .execute();
}
