import type { Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { ServiceRow, ServicesTable } from '../../db/database';
import { planFieldUpdate } from '../fieldUpdate';
import { reviewCovers } from '../reviewFlag';
import { nextVersion } from '../versions';
import { nowIso } from '../time';

type EditableField = 'name' | 'description' | 'location' | 'startDate' | 'endDate' | 'accessCode';
const editable: readonly EditableField[] = ['name', 'description', 'location', 'startDate', 'endDate', 'accessCode'];

/**
 * Writes the given fields of a service; concurrent edits are kept as revisions and flag the
 * service for review (see ../fieldUpdate.ts). The schema keeps required fields non-empty;
 * nullable ones (description, accessCode) may clear. `reviewed` ("Angaben geprüft") clears the
 * review flag when the user saw every kept conflict (../reviewFlag.ts).
 */
export async function applyFieldUpdate(
  trx: Db,
  userId: number,
  service: ServiceRow,
  fields: Partial<Record<EditableField, string | null | undefined>>,
  baseVersion: number | undefined,
  reviewed = false,
): Promise<void> {
  const clearReview = reviewed && service.needsReview === 1 && (await reviewCovers(trx, ['service'], service.id, baseVersion));
  const plan = await planFieldUpdate(trx, {
    entity: 'service', entityId: service.id, userId, editable, current: service, fieldVersions: service.fieldVersions,
    rowVersion: service.version, fields, baseVersion,
  });
  if (!plan && !clearReview) return;
  const review = plan?.conflicted ? { needsReview: 1 } : clearReview ? { needsReview: 0 } : {};
  const changes: Updateable<ServicesTable> = plan
    ? { ...(plan.patch as Updateable<ServicesTable>), fieldVersions: plan.fieldVersions, version: plan.version }
    : { version: await nextVersion(trx) };
  await trx
    .updateTable('services')
    .set({ ...changes, ...review, updatedAt: nowIso() })
    .where('id', '=', service.id)
    .execute();
}
