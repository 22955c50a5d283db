import { Dexie } from 'dexie';
import type { IndexableType } from 'dexie';
import type { SaniDokDb } from '../data/db';
import { purgeClinicalOutsideScope } from './purgeClinical';

/**
 * Patient data follows the team (docs/sync-protocol.md "Purge by scope on the device"):
 * after a pull, the patient data of every protocol and the name of every minor treatment of a
 * service NOT in the pull's `patientDataServices` leaves the device: removed from the team, the
 * service past its window, or never on its team. The clinical part leaves as well (./purgeClinical.ts);
 * the rows themselves stay (ids, times, status: they carry no patient data).
 *
 * Nothing unsynced is dropped: a protocol or treatment the outbox still holds a row for (pending,
 * or rejected and not yet dismissed) keeps its data. The engine pushes before it pulls, so such a
 * row is normally gone by the time the purge runs; the purge of the next pull takes what stayed.
 *
 * Runs inside the pull page's transaction (sync/applyPull.ts), so a crash leaves the previous
 * state and cursor. Reads only what can still hold identity: the patientData table (active
 * protocols on this device) and the minor-treatment index [serviceId+named], which leaves out
 * rows whose name is already null (names are encrypted at rest; `named` is their clear flag).
 */
export async function purgeOutsideScope(db: SaniDokDb, scope: readonly string[]): Promise<void> {
  const allowed = new Set(scope);
  const inScope = [...allowed].sort();
  // Key-only reads, each a single request where it can be: decrypting every row of a
  // season to learn its service, or stepping a cursor once per row, cost a pull page hundreds of
  // milliseconds on a tablet that had pushed a shift.
  const outboxEntities = new Set((await db.outbox.orderBy('entityId').keys()).map(String));
  const keep = (id: string) => !outboxEntities.has(id);

  // The patientData table holds only active protocols, so it is small; the protocols of the
  // scope's few services are one index range each. Patient data without its clinical row cannot
  // be placed in a service: the server sends both in version order, so it is a row of this very
  // page's gap and stays until the protocol arrives.
  const [stored, ...scoped] = await Promise.all([
    db.patientData.toCollection().primaryKeys(),
    ...inScope.map((serviceId) => db.protocols.where('serviceId').equals(serviceId).primaryKeys()),
  ]);
  const scopedSet = new Set(scoped.flat());
  const candidates = stored.filter((id) => !scopedSet.has(id) && keep(id));
  if (candidates.length > 0) {
    const placed = await db.protocols.where('id').anyOf(candidates).primaryKeys();
    await db.patientData.bulkDelete(placed);
  }

  // Named minor treatments outside the scope: the index [serviceId+named] holds only named rows
  // (no `named` = not in it), and the ranges between the scope's services hold exactly those of
  // other services, so a purge that has nothing to do reads nothing.
  const gaps = inScope.reduce<{ ranges: [unknown, unknown][]; from: unknown }>((acc, serviceId) => {
    acc.ranges.push([acc.from, [serviceId, Dexie.minKey]]);
    return { ranges: acc.ranges, from: [serviceId, Dexie.maxKey] };
  }, { ranges: [], from: Dexie.minKey });
  const ranges = [...gaps.ranges, [gaps.from, Dexie.maxKey]] as [IndexableType, IndexableType][];
  const unnamed = (await db.minorTreatments.where('[serviceId+named]').inAnyRange(ranges).primaryKeys()).filter(keep);
  if (unnamed.length > 0) await db.minorTreatments.where('id').anyOf(unnamed).modify({ patientName: null });

  // MANV tags and triages are patient data as a whole: rows of services off the scope
  // leave, so what lies outside the scope here is only what this purge deletes.
  const foreignTags = await db.manvPatients.where('serviceId').noneOf(inScope).primaryKeys();
  await db.manvPatients.bulkDelete(foreignTags.filter(keep));
  await db.manvTriages.where('serviceId').noneOf(inScope).filter((t) => keep(t.id) && keep(t.patientId)).delete();
  await purgeClinicalOutsideScope(db, scope, keep);
  await db.setMeta('patientDataServices', [...scope]);
}
