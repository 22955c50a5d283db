import type { SyncChange } from '@sanidok/schema';
import { compiledSelect } from '../../db/compiledSelect';
import { openRevisionValue } from '../recordRevisions';
import { clinicalChange, inScope } from './sealedChanges';
import type { ScopedWindow, SyncSource } from './sources';

// The history of open protocols of the services in the reader's scope, filtered in SQL before the
// limit like the patient data (a page must never skip rows it did not read). Minor treatments'
// revisions belong to no protocol and have no screen: they stay on the server. A discharge seals
// and deletes a protocol's rows (domain/recordHistory/sealing.ts); its patientData delete tells the
// device to drop them. `replacedConcurrentEdit`: the same write also kept a field revision, so
// this change replaced a value another device wrote meanwhile (domain/fieldUpdate.ts).
const revisionsSince = compiledSelect((db, w: ScopedWindow) =>
  db.selectFrom('recordRevisions as r')
    .innerJoin('patientProtocols as p', 'p.id', 'r.protocolId')
    .leftJoin('users as u', 'u.id', 'r.userId')
    .select((eb) => [
      'r.id', 'r.protocolId', 'r.entity', 'r.entityId', 'r.field', 'r.oldValue', 'r.newValue', 'r.changedAt', 'r.deviceId', 'r.sequence', 'r.version',
      'p.serviceId', 'u.fullName', 'u.username',
      eb.case().when(eb.exists(eb.selectFrom('fieldRevisions as f').select('f.id')
        .whereRef('f.entity', '=', 'r.entity').whereRef('f.entityId', '=', 'r.entityId').whereRef('f.field', '=', 'r.field').whereRef('f.newVersion', '=', 'r.sequence')))
        .then(1).else(0).end().as('concurrent'),
    ])
    .where('r.organizationId', '=', w.organizationId).where('r.version', '>', w.from).where('r.version', '<=', w.upTo)
    .where(inScope(db, 'p.serviceId', w.services))
    .orderBy('r.version').limit(w.limit));

/** Sync entity `recordRevision` (docs/sync-protocol.md): its values sealed to the device like the clinical part. */
export const recordRevisions: SyncSource = {
  table: 'record_revisions',
  read: async (db, organizationId, range, reader) => {
    if (reader.scope.patientData.size === 0) return [];
    const rows = await revisionsSince(db, { organizationId, ...range, services: reader.patientDataJson });
    return Promise.all(rows.map(async (row): Promise<SyncChange> => {
      const id = String(row.id);
      const data = {
        id, protocolId: row.protocolId ?? '', organizationId, entity: row.entity, entityId: row.entityId, field: row.field,
        oldValue: await openRevisionValue(reader.dataKey, row, row.oldValue), newValue: await openRevisionValue(reader.dataKey, row, row.newValue),
        changedAt: row.changedAt, changedBy: row.fullName ?? row.username ?? null, deviceId: row.deviceId, sequence: row.sequence,
        replacedConcurrentEdit: row.concurrent === 1,
      };
      return { entity: 'recordRevision', op: 'upsert', id, organizationId, version: row.version, ...(await clinicalChange(reader, 'recordRevision', id, row.serviceId, data)) };
    }));
  },
};
