import { withheldClinical } from '@sanidok/schema';
import type { SaniDokDb } from '../data/db';
import { dropProtocolHistories } from '../data/recordRevisions';

/**
 * The clinical part follows the team like the identity (docs/security.md "Clinical data follows
 * the team"): when a service leaves the pull's scope (removed from its team, past its window), its
 * protocols' clinical fields, their vital values and treatment texts and its minor treatments' names
 * and descriptions are replaced, and their record history deleted, on this device by what the server sends a reader off the team
 * (packages/schema `withheldClinical`). Rows that arrive later come withheld from the server.
 *
 * Only services that left since the last purge are read (meta `clinicalScope`); the first run after
 * the update reads every service the device holds rows of, so clinical text pulled by an older
 * version leaves too. A row the outbox still holds (`keep` false) stays, and its service stays in
 * `clinicalScope`, so the next pull's purge tries again. Runs inside the pull page's transaction.
 */
export async function purgeClinicalOutsideScope(db: SaniDokDb, scope: readonly string[], keep: (id: string) => boolean): Promise<void> {
  const allowed = new Set(scope);
  const previous = await db.getMeta('clinicalScope');
  const held = previous ?? [
    ...(await db.protocols.orderBy('serviceId').uniqueKeys()).map(String),
    ...(await db.minorTreatments.orderBy('serviceId').uniqueKeys()).map(String),
  ];
  const leaving = [...new Set(held)].filter((serviceId) => !allowed.has(serviceId));
  const retry = new Set<string>();
  if (leaving.length > 0) {
    const protocols = await db.protocols.where('serviceId').anyOf(leaving).toArray();
    const purged = protocols.filter((p) => keep(p.id));
    for (const p of protocols) if (!keep(p.id)) retry.add(p.serviceId);
    const protocolIds = purged.map((p) => p.id);
    if (protocolIds.length > 0) {
      await db.protocols.where('id').anyOf(protocolIds).modify({ ...withheldClinical.protocol });
      await db.vitalRecords.where('protocolId').anyOf(protocolIds).filter((r) => keep(r.id)).modify({ values: [] });
      await db.treatmentEntries.where('protocolId').anyOf(protocolIds).filter((e) => keep(e.id)).modify({ ...withheldClinical.treatmentEntry });
      // The history is old and new clinical and identifying values as a whole: it leaves entirely.
      await dropProtocolHistories(db, protocolIds);
    }
    const treatments = await db.minorTreatments.where('serviceId').anyOf(leaving).primaryKeys();
    const purgedTreatments = treatments.filter(keep);
    if (purgedTreatments.length < treatments.length) {
      const kept = new Set(treatments.filter((id) => !keep(id)));
      for (const t of await db.minorTreatments.where('id').anyOf([...kept]).toArray()) retry.add(t.serviceId);
    }
    if (purgedTreatments.length > 0) await db.minorTreatments.where('id').anyOf(purgedTreatments).modify({ ...withheldClinical.minorTreatment });
  }
  await db.setMeta('clinicalScope', [...scope, ...retry]);
}
