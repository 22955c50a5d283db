import type { SaniDokDb } from '../data/db';

/**
 * Patient data follows the team (issue 14, docs/sync-protocol.md "Purge by scope on the device"):
 * after a pull, the patient data of every protocol and the name of every minor treatment of a
 * service NOT in the pull's `patientDataServices` leaves the device: removed from the team, the
 * service past its window, or never on its team. Clinical rows stay (they carry no identity).
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
  const outboxEntities = new Set((await db.outbox.toArray()).map((row) => row.entityId));

  const dataIds = await db.patientData.toCollection().primaryKeys();
  const protocols = await db.protocols.bulkGet(dataIds);
  const dropData = dataIds.filter((id, index) => {
    const protocol = protocols[index];
    // Patient data without its clinical row cannot be placed in a service; the server sends both
    // in version order, so it is a row of this very page's gap and stays until the protocol arrives.
    if (!protocol) return false;
    return !allowed.has(protocol.serviceId) && !outboxEntities.has(id);
  });
  await db.patientData.bulkDelete(dropData);

  // One pass over the index: rows without a name carry no `named`, so only named rows are in it.
  // (A query per service meant 2,000 IndexedDB requests per pull page on a device holding a season.)
  await db.minorTreatments
    .orderBy('[serviceId+named]')
    .filter((treatment) => !allowed.has(treatment.serviceId) && !outboxEntities.has(treatment.id))
    .modify({ patientName: null });
  // MANV tags and triages are patient data as a whole (issue 19): rows of services off the scope leave.
  const foreignTags = await db.manvPatients.filter((p) => !allowed.has(p.serviceId) && !outboxEntities.has(p.id)).primaryKeys();
  await db.manvPatients.bulkDelete(foreignTags);
  await db.manvTriages.filter((t) => !allowed.has(t.serviceId) && !outboxEntities.has(t.id) && !outboxEntities.has(t.patientId)).delete();
  await db.setMeta('patientDataServices', [...scope]);
}
