import type { PullResponse, SyncChange, SyncEntity } from '@sanidok/schema';
import { usageListKey } from '../data/captureMutations';
import type {
  LocalMaterial, LocalMaterialUsage, LocalMinorTreatment, LocalPatientData, LocalProtocol, LocalService, LocalTreatmentEntry, LocalVitalRecord, SaniDokDb,
} from '../data/db';
import { deleteServiceProtocols, mutationDefinition } from '../data/mutations';
import { applyContext, writeScope } from '../data/outbox';

/** Net effect of a page on one table: the last change of an id wins (changes come in version order). */
interface TableEffect<K, V> {
  upserts: Map<K, V>;
  deletes: Set<K>;
}

interface PageEffect {
  services: TableEffect<string, LocalService>;
  materials: TableEffect<number, LocalMaterial>;
  minorTreatments: TableEffect<string, LocalMinorTreatment>;
  materialUsage: TableEffect<string, LocalMaterialUsage>;
  protocols: TableEffect<string, LocalProtocol>;
  patientData: TableEffect<string, LocalPatientData>;
  vitalRecords: TableEffect<string, LocalVitalRecord>;
  treatmentEntries: TableEffect<string, LocalTreatmentEntry>;
}

/**
 * Entities this app version stores. The server may already send more (newer features); their
 * changes are skipped, and the cursor remembers which entities it covers, so a version that adds
 * a table pulls everything again once (see cursorCoversLocalEntities).
 */
export const localEntities = [
  'service', 'material', 'minorTreatment', 'materialUsage', 'protocol', 'patientData', 'vitalRecord', 'treatmentEntry',
] as const satisfies readonly SyncEntity[];

function tableEffect<K, V>(): TableEffect<K, V> {
  return { upserts: new Map(), deletes: new Set() };
}

function track<K, V>(effect: TableEffect<K, V>, id: K, data: V | undefined): void {
  if (data !== undefined) {
    effect.deletes.delete(id);
    effect.upserts.set(id, data);
  } else {
    effect.upserts.delete(id);
    effect.deletes.add(id);
  }
}

function collect(changes: readonly SyncChange[], organizationIds: ReadonlySet<number>): PageEffect {
  const effect: PageEffect = {
    services: tableEffect(), materials: tableEffect(), minorTreatments: tableEffect(), materialUsage: tableEffect(),
    protocols: tableEffect(), patientData: tableEffect(), vitalRecords: tableEffect(), treatmentEntries: tableEffect(),
  };
  for (const change of changes) {
    // Defence in depth: the server filters by membership; rows of other organisations never land.
    if (!organizationIds.has(change.organizationId)) continue;
    switch (change.entity) {
      case 'service':
        track(effect.services, change.id, change.op === 'upsert' ? change.data : undefined);
        break;
      case 'material':
        track(effect.materials, Number(change.id), change.op === 'upsert' ? change.data : undefined);
        break;
      case 'minorTreatment':
        track(effect.minorTreatments, change.id, change.op === 'upsert' ? change.data : undefined);
        break;
      case 'materialUsage':
        track(effect.materialUsage, change.id, change.op === 'upsert' ? change.data : undefined);
        break;
      case 'protocol':
        track(effect.protocols, change.id, change.op === 'upsert' ? change.data : undefined);
        break;
      case 'patientData':
        // A delete is the server's confirmation of a discharge: the plaintext leaves the device.
        track(effect.patientData, change.id, change.op === 'upsert' ? change.data : undefined);
        break;
      case 'vitalRecord':
        track(effect.vitalRecords, change.id, change.op === 'upsert' ? change.data : undefined);
        break;
      case 'treatmentEntry':
        track(effect.treatmentEntries, change.id, change.op === 'upsert' ? change.data : undefined);
        break;
      default:
        // An entity of a newer server: skipped (see localEntities).
        break;
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
    const removed = known.filter((id) => !keep.has(id));
    await db.organizations.bulkDelete(removed);
    await db.organizations.bulkPut(page.organizations);
    await db.services.filter((s) => !keep.has(s.organizationId)).delete();
    await db.materials.filter((m) => !keep.has(m.organizationId)).delete();
    // The capture tables grow to thousands of rows: scanned only when a membership ended.
    if (removed.length > 0) {
      await db.minorTreatments.filter((t) => !keep.has(t.organizationId)).delete();
      await db.materialUsage.filter((u) => !keep.has(u.organizationId)).delete();
      const foreignProtocols = (await db.protocols.filter((p) => !keep.has(p.organizationId)).primaryKeys()) as string[];
      await db.protocols.bulkDelete(foreignProtocols);
      await db.patientData.bulkDelete(foreignProtocols);
      await db.vitalRecords.filter((v) => !keep.has(v.organizationId)).delete();
      await db.treatmentEntries.filter((e) => !keep.has(e.organizationId)).delete();
    }

    await db.services.bulkPut([...effect.services.upserts.values()]);
    await db.services.bulkDelete([...effect.services.deletes]);
    await db.materials.bulkPut([...effect.materials.upserts.values()]);
    await db.materials.bulkDelete([...effect.materials.deletes]);
    await db.minorTreatments.bulkPut([...effect.minorTreatments.upserts.values()]);
    await db.minorTreatments.bulkDelete([...effect.minorTreatments.deletes]);
    await db.materialUsage.bulkPut([...effect.materialUsage.upserts.values()]);
    await db.materialUsage.bulkDelete([...effect.materialUsage.deletes]);
    await db.protocols.bulkPut([...effect.protocols.upserts.values()]);
    await db.protocols.bulkDelete([...effect.protocols.deletes]);
    await db.patientData.bulkPut([...effect.patientData.upserts.values()]);
    await db.patientData.bulkDelete([...effect.patientData.deletes]);
    await db.vitalRecords.bulkPut([...effect.vitalRecords.upserts.values()]);
    await db.vitalRecords.bulkDelete([...effect.vitalRecords.deletes]);
    await db.treatmentEntries.bulkPut([...effect.treatmentEntries.upserts.values()]);
    await db.treatmentEntries.bulkDelete([...effect.treatmentEntries.deletes]);
    // A deleted service takes its treatments and consumption with it (the server cascades).
    const deletedServices = [...effect.services.deletes];
    if (deletedServices.length > 0) {
      await db.minorTreatments.where('serviceId').anyOf(deletedServices).delete();
      await db.materialUsage.where('serviceId').anyOf(deletedServices).delete();
      await deleteServiceProtocols(db, deletedServices);
    }

    await db.setMeta('cursor', page.cursor);
    await db.setMeta('cursorEntities', [...localEntities]);
    const usageLists = new Set([...effect.materialUsage.upserts.values()].map((u) => usageListKey(u.serviceId)));
    await reapplyPending(db, [
      ...effect.services.upserts.keys(),
      ...[...effect.materials.upserts.keys()].map(String),
      ...effect.minorTreatments.upserts.keys(),
      ...effect.materialUsage.upserts.keys(),
      ...usageLists,
      ...effect.protocols.upserts.keys(),
      ...effect.patientData.upserts.keys(),
      ...effect.vitalRecords.upserts.keys(),
      ...effect.treatmentEntries.upserts.keys(),
    ]);
  });
}
