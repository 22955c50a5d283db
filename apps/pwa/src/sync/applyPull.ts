import type { PullResponse, SyncChange, SyncEntity, SyncEntityData } from '@sanidok/schema';
import type { Table } from 'dexie';
import { usageListKey } from '../data/captureMutations';
import type { LocalMaterialUsage, SaniDokDb } from '../data/db';
import { presealRows } from '../data/crypto/preseal';
import { isSecretTable } from '../data/crypto/secretFields';
import { mutationDefinition } from '../data/mutations';
import { applyContext, writeScope } from '../data/outbox';
import { dropProtocolHistories, dropSettledLocalRevisions } from '../data/recordRevisions';
import { deleteProtocolRecords, deleteServiceProtocols } from '../data/serviceMutations';
import { purgeOutsideScope } from './purgeScope';
import { storableData } from './sealedChanges';

/**
 * Entities this app version stores, and the local table of each. The server may already send
 * more (newer features); their changes are skipped, and the cursor remembers which entities it
 * covers, so a version that adds a table pulls everything again once (see cursorCoversLocalEntities).
 */
const entityTables = {
  service: 'services',
  material: 'materials',
  minorTreatment: 'minorTreatments',
  materialUsage: 'materialUsage',
  protocol: 'protocols',
  patientData: 'patientData',
  vitalRecord: 'vitalRecords',
  treatmentEntry: 'treatmentEntries',
  serviceTeamMember: 'serviceTeamMembers',
  treatmentTemplate: 'treatmentTemplates',
  diaryEntry: 'diaryEntries',
  manvIncident: 'manvIncidents',
  manvPatient: 'manvPatients',
  manvTriage: 'manvTriages',
  recordRevision: 'recordRevisions',
} as const satisfies Partial<Record<SyncEntity, keyof SaniDokDb>>;

type LocalEntity = keyof typeof entityTables;
type LocalTableName = (typeof entityTables)[LocalEntity];

export const localEntities = Object.keys(entityTables) as LocalEntity[];

/** A team member carries no id of its own: the local row is keyed by the change's id. */
type LocalRow = SyncEntityData[LocalEntity] | (SyncEntityData['serviceTeamMember'] & { id: string });

/** Net effect of a page on one table: the last change of an id wins (changes come in version order). */
interface TableEffect {
  upserts: Map<string | number, LocalRow>;
  deletes: Set<string | number>;
}

type PageEffect = Record<LocalTableName, TableEffect>;

const isLocalEntity = (entity: SyncEntity): entity is LocalEntity => Object.hasOwn(entityTables, entity);

function collect(changes: readonly SyncChange[], organizationIds: ReadonlySet<number>): PageEffect {
  const effect = Object.fromEntries(Object.values(entityTables).map((t) => [t, { upserts: new Map(), deletes: new Set() }])) as PageEffect;
  for (const change of changes) {
    // Defence in depth: the server filters by membership; rows of other organisations never land.
    // An entity of a newer server is skipped (see localEntities).
    if (!organizationIds.has(change.organizationId) || !isLocalEntity(change.entity)) continue;
    const table = effect[entityTables[change.entity]];
    // Materials have numeric keys; a patientData delete is the server's confirmation of a
    // discharge: the plaintext leaves the device.
    const id = change.entity === 'material' ? Number(change.id) : change.id;
    if (change.op === 'upsert') {
      table.deletes.delete(id);
      table.upserts.set(id, change.entity === 'serviceTeamMember' ? { ...change.data, id: change.id } : (storableData(change) as LocalRow));
    } else {
      table.upserts.delete(id);
      table.deletes.add(id);
    }
  }
  return effect;
}

/**
 * The page's rows of secret tables encrypted before its transaction (WebCrypto, off the main
 * thread; data/crypto/preseal.ts), so that the transaction itself only stores them.
 */
async function presealPage(db: SaniDokDb, effect: PageEffect): Promise<void> {
  await Promise.all((Object.entries(effect) as [LocalTableName, TableEffect][]).map(async ([name, tableEffect]) => {
    if (!isSecretTable(name) || tableEffect.upserts.size === 0) return;
    const ids = [...tableEffect.upserts.keys()];
    const rows = await presealRows(db.crypto, name, [...tableEffect.upserts.values()]);
    ids.forEach((id, index) => tableEffect.upserts.set(id, rows[index] as LocalRow));
  }));
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
export async function reapplyPending(db: SaniDokDb, entityIds: readonly string[]): Promise<void> {
  if (entityIds.length === 0) return;
  // The outbox's entity ids in one key-only read, matched in memory: `anyOf` over a page's 1,000
  // ids walks the index with one cursor step per id, each a round trip to IndexedDB.
  const touched = new Set(entityIds);
  const queued = new Set((await db.outbox.orderBy('entityId').keys()).map(String).filter((id) => touched.has(id)));
  if (queued.size === 0) return;
  const rows = await db.outbox.where('entityId').anyOf([...queued]).toArray();
  const pending = rows.filter((r) => r.status === 'pending').sort((a, b) => a.seq - b.seq);
  for (const row of pending) {
    // A name this version does not know (written by a newer app) has no local effect to show.
    await mutationDefinition(row.name)?.apply(db, row.args, applyContext(db, row.createdAt));
  }
}

/** Rows of organisations the user no longer belongs to leave the device. */
async function purgeForeignRows(db: SaniDokDb, keep: ReadonlySet<number>, membershipEnded: boolean): Promise<void> {
  // Through the organisation index where there is one: key-only, so no row is decrypted to be kept.
  const kept = [...keep];
  await db.services.where('organizationId').noneOf(kept).delete();
  await db.materials.where('organizationId').noneOf(kept).delete();
  await db.serviceTeamMembers.filter((m) => !keep.has(m.organizationId)).delete();
  await db.treatmentTemplates.where('organizationId').noneOf(kept).delete();
  await db.diaryEntries.where('organizationId').noneOf(kept).delete();
  await db.manvIncidents.where('organizationId').noneOf(kept).delete();
  await db.recordRevisions.where('organizationId').noneOf(kept).delete();
  // The capture tables grow to thousands of rows: scanned only when a membership ended.
  if (!membershipEnded) return;
  await db.minorTreatments.filter((t) => !keep.has(t.organizationId)).delete();
  await db.materialUsage.filter((u) => !keep.has(u.organizationId)).delete();
  const foreignProtocols = await db.protocols.filter((p) => !keep.has(p.organizationId)).primaryKeys();
  await db.protocols.bulkDelete(foreignProtocols);
  await db.patientData.bulkDelete(foreignProtocols);
  await db.vitalRecords.filter((v) => !keep.has(v.organizationId)).delete();
  await db.treatmentEntries.filter((e) => !keep.has(e.organizationId)).delete();
  await db.manvPatients.filter((p) => !keep.has(p.organizationId)).delete();
  await db.manvTriages.filter((t) => !keep.has(t.organizationId)).delete();
}

/**
 * Applies one pull page in ONE transaction: organisations replaced, rows of organisations the
 * user no longer belongs to purged, rows upserted, tombstones deleted, patient data outside the
 * page's scope purged (purgeScope.ts), cursor stored, pending mutations re-applied. A crash in between leaves the previous page's state and cursor intact.
 *
 * `requestedFrom` is the cursor the page was asked for with. When the stored cursor is no longer
 * that one, something started the pull over while the page was under way (a device key
 * registered, deviceKeyRegistration.ts): the page answers the old question and is dropped, or its
 * cursor would skip the rows the new pull must bring. Returns whether the page was applied.
 */
export async function applyPullPage(db: SaniDokDb, page: PullResponse, requestedFrom?: string | null): Promise<boolean> {
  const keep = new Set(page.organizations.map((o) => o.id));
  const effect = collect(page.changes, keep);
  await presealPage(db, effect);

  return db.transaction('rw', writeScope(db), async () => {
    if (requestedFrom !== undefined && ((await db.getMeta('cursor')) ?? null) !== requestedFrom) return false;
    const known = await db.organizations.toCollection().primaryKeys();
    const removed = known.filter((id) => !keep.has(id));
    await db.organizations.bulkDelete(removed);
    await db.organizations.bulkPut(page.organizations);
    await purgeForeignRows(db, keep, removed.length > 0);

    for (const [name, tableEffect] of Object.entries(effect) as [LocalTableName, TableEffect][]) {
      const table = db[name] as unknown as Table<unknown, string | number>;
      await table.bulkPut([...tableEffect.upserts.values()]);
      await table.bulkDelete([...tableEffect.deletes]);
    }
    // A confirmed discharge: the history was sealed with the record on the server and leaves with the patient data.
    await dropProtocolHistories(db, [...effect.patientData.deletes] as string[]);
    // A deleted service takes its treatments, consumption and protocols with it (the server cascades).
    const deletedServices = [...effect.services.deletes] as string[];
    if (deletedServices.length > 0) {
      await db.minorTreatments.where('serviceId').anyOf(deletedServices).delete();
      await db.materialUsage.where('serviceId').anyOf(deletedServices).delete();
      await db.serviceTeamMembers.where('serviceId').anyOf(deletedServices).delete();
      await deleteServiceProtocols(db, deletedServices);
    }
    // A protocol deleted after its retention period (docs/deletion.md) takes its patient data,
    // vital signs and treatment entries with it: the server deleted them in the same transaction.
    const deletedProtocols = [...effect.protocols.deletes] as string[];
    if (deletedProtocols.length > 0) await deleteProtocolRecords(db, deletedProtocols);

    // After the page's rows: what this page brought for a service outside the scope goes too.
    await purgeOutsideScope(db, page.patientDataServices);

    await db.setMeta('cursor', page.cursor);
    await db.setMeta('cursorEntities', [...localEntities]);
    if (db.crypto.state === 'locked') {
      // Locked: the page's secrets were sealed to the device and pending args are
      // ciphertext, so the re-apply waits for the unlock (sync/unlockCatchUp.ts).
      await db.setMeta('reapplyOnUnlock', true);
      await db.setMeta('sealedWhileLocked', true);
      return true;
    }
    await dropSettledLocalRevisions(db);
    const usageLists = [...effect.materialUsage.upserts.values()].map((u) => usageListKey((u as LocalMaterialUsage).serviceId));
    const touched = Object.values(effect).flatMap((e) => [...e.upserts.keys()].map(String));
    await reapplyPending(db, [...touched, ...new Set(usageLists)]);
    return true;
  });
}
