import type { PullResponse, SyncChange, SyncEntity } from '@sanidok/schema';
import type { LocalMaterial, LocalService, SaniDokDb } from '../data/db';
import { mutationDefinition } from '../data/mutations';
import { applyContext, writeScope } from '../data/outbox';

/** Net effect of a page per entity: the last change of an id wins (changes come in version order). */
interface PageEffect {
  serviceUpserts: Map<string, LocalService>;
  serviceDeletes: Set<string>;
  materialUpserts: Map<number, LocalMaterial>;
  materialDeletes: Set<number>;
}

/**
 * Entities this app version stores. The server may already send more (newer features); their
 * changes are skipped, and the cursor remembers which entities it covers, so a version that adds
 * a table pulls everything again once (see cursorCoversLocalEntities).
 */
export const localEntities = ['service', 'material'] as const satisfies readonly SyncEntity[];

function collect(changes: readonly SyncChange[], organizationIds: ReadonlySet<number>): PageEffect {
  const effect: PageEffect = { serviceUpserts: new Map(), serviceDeletes: new Set(), materialUpserts: new Map(), materialDeletes: new Set() };
  for (const change of changes) {
    // Defence in depth: the server filters by membership; rows of other organisations never land.
    if (!organizationIds.has(change.organizationId)) continue;
    if (change.entity === 'service') {
      if (change.op === 'upsert') {
        effect.serviceDeletes.delete(change.id);
        effect.serviceUpserts.set(change.id, change.data);
      } else {
        effect.serviceUpserts.delete(change.id);
        effect.serviceDeletes.add(change.id);
      }
    } else if (change.entity === 'material') {
      const id = Number(change.id);
      if (change.op === 'upsert') {
        effect.materialDeletes.delete(id);
        effect.materialUpserts.set(id, change.data);
      } else {
        effect.materialUpserts.delete(id);
        effect.materialDeletes.add(id);
      }
    }
  }
  return effect;
}

/**
 * True when the stored cursor was built by a version that stored every entity this one does.
 * Otherwise the cursor is dropped: changes of a newly stored entity were skipped before.
 */
export async function cursorCoversLocalEntities(db: SaniDokDb): Promise<boolean> {
  const covered = (await db.getMeta('cursorEntities')) ?? [];
  if (localEntities.every((e) => covered.includes(e))) return true;
  await db.meta.delete('cursor');
  return false;
}

/**
 * Puts the device's pending mutations of the given entities back on top of freshly pulled rows,
 * so a local change not yet pushed is never hidden by an older server row. Deleted (tombstoned)
 * entities are not passed in: the server deleted them, their pending changes will be rejected.
 */
async function reapplyPending(db: SaniDokDb, entityIds: readonly string[]): Promise<void> {
  if (entityIds.length === 0) return;
  const rows = await db.outbox.where('entityId').anyOf(entityIds).toArray();
  const pending = rows.filter((r) => r.status === 'pending').sort((a, b) => a.seq - b.seq);
  for (const row of pending) {
    // A name this version does not know (written by a newer app) has no local effect to show.
    await mutationDefinition(row.name)?.apply(db, row.args, applyContext(db, row.createdAt));
  }
}

/**
 * Applies one pull page in ONE transaction: organisations replaced, rows of organisations the
 * user no longer belongs to purged, rows upserted, tombstones deleted, cursor stored, pending
 * mutations re-applied. A crash in between leaves the previous page's state and cursor intact.
 */
export async function applyPullPage(db: SaniDokDb, page: PullResponse): Promise<void> {
  const organizationIds = page.organizations.map((o) => o.id);
  const keep = new Set(organizationIds);
  const effect = collect(page.changes, keep);

  await db.transaction('rw', writeScope(db), async () => {
    const known = (await db.organizations.toCollection().primaryKeys()) as number[];
    await db.organizations.bulkDelete(known.filter((id) => !keep.has(id)));
    await db.organizations.bulkPut(page.organizations);
    await db.services.filter((s) => !keep.has(s.organizationId)).delete();
    await db.materials.filter((m) => !keep.has(m.organizationId)).delete();

    await db.services.bulkPut([...effect.serviceUpserts.values()]);
    await db.services.bulkDelete([...effect.serviceDeletes]);
    await db.materials.bulkPut([...effect.materialUpserts.values()]);
    await db.materials.bulkDelete([...effect.materialDeletes]);

    await db.setMeta('cursor', page.cursor);
    await db.setMeta('cursorEntities', [...localEntities]);
    await reapplyPending(db, [...effect.serviceUpserts.keys(), ...[...effect.materialUpserts.keys()].map(String)]);
  });
}
