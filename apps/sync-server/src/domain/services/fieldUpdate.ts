import type { Db } from '../../db/connection';
import type { ServiceRow, ServicesTable } from '../../db/database';
import type { Updateable } from 'kysely';
import { nextVersion } from '../sync/versions';
import { nowIso } from '../time';

type EditableField = 'name' | 'description' | 'location' | 'startDate' | 'endDate' | 'accessCode';
const editable: readonly EditableField[] = ['name', 'description', 'location', 'startDate', 'endDate', 'accessCode'];

/**
 * Writes the given fields. A field that someone else changed after the device's `baseVersion`
 * is a concurrent edit: the incoming value wins (last writer), the replaced value is kept in
 * `field_revisions` and the service is flagged for review, so no typed value is lost.
 */
export async function applyFieldUpdate(
  trx: Db,
  userId: number,
  service: ServiceRow,
  fields: Partial<Record<EditableField, string | null | undefined>>,
  baseVersion: number | undefined,
): Promise<void> {
  const changed = editable.filter((f) => fields[f] !== undefined && fields[f] !== service[f]);
  if (changed.length === 0) return;
  const version = await nextVersion(trx);
  const fieldVersions = JSON.parse(service.fieldVersions) as Partial<Record<EditableField, number>>;
  const base = baseVersion ?? service.version;
  let conflicted = false;
  // The schema keeps required fields non-empty; nullable ones (description, accessCode) may clear.
  const patch: Record<string, string | null> = {};
  for (const field of changed) {
    const lastWrite = fieldVersions[field] ?? 0;
    if (lastWrite > base) {
      conflicted = true;
      await trx
        .insertInto('fieldRevisions')
        .values({
          entity: 'service', entityId: service.id, field, replacedValue: service[field], replacedVersion: lastWrite,
          newValue: fields[field] ?? null, newVersion: version, baseVersion: base, userId, createdAt: nowIso(),
        })
        .execute();
    }
    patch[field] = fields[field] ?? null;
    fieldVersions[field] = version;
  }
  await trx
    .updateTable('services')
    .set({ ...(patch as Updateable<ServicesTable>), fieldVersions: JSON.stringify(fieldVersions), version, updatedAt: nowIso(), ...(conflicted ? { needsReview: 1 } : {}) })
    .where('id', '=', service.id)
    .execute();
}
