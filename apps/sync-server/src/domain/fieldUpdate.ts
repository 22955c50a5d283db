import type { RecordRevisionEntity } from '@sanidok/schema';
import type { Db } from '../db/connection';
import type { RevisionAuthor } from './recordRevisions';
import { appendRevisions } from './recordRevisions';
import { nextVersion } from './versions';
import { nowIso } from './time';

export interface FieldUpdateInput<F extends string> {
  /** Names the row in field_revisions: 'service', 'protocol', 'patientData'. */
  entity: string;
  entityId: string;
  userId: number;
  editable: readonly F[];
  /** The row's current values of the editable fields. */
  current: Readonly<Record<F, string | null>>;
  /** The row's JSON map field → version of its last write. */
  fieldVersions: string;
  rowVersion: number;
  /** The fields sent; undefined means "not sent", null clears. */
  fields: Partial<Record<F, string | null | undefined>>;
  /** The row version the device edited; without it the edit is based on the current row. */
  baseVersion: number | undefined;
  /**
   * How a value is kept in field_revisions. Patient data passes an encrypting function so that
   * no plaintext ends up in the revisions table.
   */
  keepValue?: (field: F, value: string | null) => Promise<string | null>;
  /**
   * Rows of a patient record: every changed field appends a revision to its history
   * (./recordRevisions.ts), not only a concurrent one. Services pass none.
   */
  history?: { entity: RecordRevisionEntity; author: RevisionAuthor };
}

export interface FieldUpdatePlan<F extends string> {
  patch: Partial<Record<F, string | null>>;
  fieldVersions: string;
  version: number;
  conflicted: boolean;
}

/**
 * Field-wise update of any row (docs/sync-protocol.md, Conflicts). A field that someone else
 * changed after the device's `baseVersion` is a concurrent edit: the incoming value wins (last
 * writer), the replaced value is kept in `field_revisions` and the caller flags the row for
 * review, so no typed value is lost. Returns null when nothing changes; the caller writes the
 * patch to its table with the returned version.
 */
export async function planFieldUpdate<F extends string>(trx: Db, input: FieldUpdateInput<F>): Promise<FieldUpdatePlan<F> | null> {
  const changed = input.editable.filter((f) => input.fields[f] !== undefined && input.fields[f] !== input.current[f]);
  if (changed.length === 0) return null;
  const version = await nextVersion(trx);
  const fieldVersions = JSON.parse(input.fieldVersions) as Partial<Record<F, number>>;
  const base = input.baseVersion ?? input.rowVersion;
  const keep = input.keepValue ?? ((_field: F, value: string | null) => Promise.resolve(value));
  let conflicted = false;
  const patch: Partial<Record<F, string | null>> = {};
  for (const field of changed) {
    const lastWrite = fieldVersions[field] ?? 0;
    const next = input.fields[field] ?? null;
    if (lastWrite > base) {
      conflicted = true;
      await trx
        .insertInto('fieldRevisions')
        .values({
          entity: input.entity, entityId: input.entityId, field, replacedValue: await keep(field, input.current[field]), replacedVersion: lastWrite,
          newValue: await keep(field, next), newVersion: version, baseVersion: base, userId: input.userId, createdAt: nowIso(),
        })
        .execute();
    }
    patch[field] = next;
    fieldVersions[field] = version;
  }
  if (input.history) {
    const changes = changed.map((field) => ({ field, oldValue: input.current[field], newValue: input.fields[field] ?? null }));
    await appendRevisions(trx, input.history.author, input.history.entity, input.entityId, version, changes);
  }
  return { patch, fieldVersions: JSON.stringify(fieldVersions), version, conflicted };
}
