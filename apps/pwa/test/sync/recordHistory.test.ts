import type { PullResponse, SyncChange, SyncedRecordRevision } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import type { SaniDokDb } from '../../src/data/db';
import { protocolHistory, replacedProtocolValues } from '../../src/data/recordRevisions';
import { createProtocol, updateProtocol } from '../../src/data/repositories/protocols';
import { applyPullPage } from '../../src/sync/applyPull';
import { otherServiceId, runningService, seedCapture, serviceId } from '../features/minorTreatments/minorTreatments.fixtures';
import { openTestDb, organization } from '../helpers/sync';

// The record history on the device (docs/decisions.md "The record history travels sealed to the
// device"): pulled as sync entity `recordRevision`, an offline edit shown at once as pending, and
// gone with the patient data (discharge confirmed, service off the scope).

function page(overrides: Partial<PullResponse>): PullResponse {
  return { cursor: 'c1', hasMore: false, organizations: [organization(1, 'DRK Müllheim')], patientDataServices: [serviceId, otherServiceId], changes: [], ...overrides };
}

const revision = (id: number, protocolId: string, overrides: Partial<SyncedRecordRevision> = {}): SyncChange => ({
  entity: 'recordRevision', op: 'upsert', id: String(id), organizationId: 1, version: 100 + id,
  data: {
    id: String(id), protocolId, organizationId: 1, entity: 'protocol', entityId: protocolId, field: 'allergies', oldValue: null, newValue: 'Penicillin',
    changedAt: '2026-07-04T10:00:00.000Z', changedBy: 'Mona', deviceId: '0190a000-0000-7000-8000-00000000d001', sequence: 50 + id, replacedConcurrentEdit: false,
    ...overrides,
  },
});

async function device(): Promise<SaniDokDb> {
  const db = openTestDb();
  await seedCapture(db, [runningService(serviceId), runningService(otherServiceId, { name: 'Weinfest' })]);
  return db;
}

const newProtocol = (service: string) => ({ serviceId: service, patientData: { firstName: 'Erika', lastName: 'Muster' }, chiefComplaint: 'Kreislauf', materials: [] });
const shown = (rows: SyncedRecordRevision[]) => rows.map(({ field, oldValue, newValue }) => `${field}: ${oldValue ?? '–'} → ${newValue ?? '–'}`);

describe('the record history on the device', () => {
  it('shows an offline edit at once, pending, then the server\'s revision in its place after the push', async () => {
    const db = await device();
    const protocolId = await createProtocol(newProtocol(serviceId));
    await db.outbox.clear();
    await applyPullPage(db, page({ changes: [revision(1, protocolId)] }));
    expect(shown(await protocolHistory(db, protocolId))).toEqual(['allergies: – → Penicillin']);

    // Offline: the edit waits in the outbox, the history shows it with the old values of the record.
    await updateProtocol(protocolId, { chiefComplaint: 'Bauchschmerzen', patientData: { lastName: 'Musterfrau' } });
    const offline = await protocolHistory(db, protocolId);
    expect(shown(offline)).toEqual(['allergies: – → Penicillin', 'lastName: Muster → Musterfrau', 'chiefComplaint: Kreislauf → Bauchschmerzen']);
    expect(offline.slice(1).every((row) => row.pending)).toBe(true);
    // A pull meanwhile (the edit still in the outbox) keeps it.
    await applyPullPage(db, page({ cursor: 'c2' }));
    expect(await protocolHistory(db, protocolId)).toHaveLength(3);

    // Pushed (the outbox empty), the server's revisions come with the pull: each edit once.
    await db.outbox.clear();
    await applyPullPage(db, page({
      cursor: 'c3',
      changes: [
        revision(2, protocolId, { field: 'chiefComplaint', oldValue: 'Kreislauf', newValue: 'Bauchschmerzen' }),
        revision(3, protocolId, { entity: 'patientData', field: 'lastName', oldValue: 'Muster', newValue: 'Musterfrau' }),
      ],
    }));
    const synced = await protocolHistory(db, protocolId);
    expect(shown(synced)).toEqual(['allergies: – → Penicillin', 'chiefComplaint: Kreislauf → Bauchschmerzen', 'lastName: Muster → Musterfrau']);
    expect(synced.map((row) => row.id)).toEqual(['1', '2', '3']);
  });

  it('lists the values a concurrent edit replaced for the conflict review, newest first', async () => {
    const db = await device();
    const protocolId = await createProtocol(newProtocol(serviceId));
    await db.outbox.clear();
    await applyPullPage(db, page({
      changes: [
        revision(1, protocolId, { field: 'chiefComplaint', newValue: 'Tablet A' }),
        revision(2, protocolId, { field: 'chiefComplaint', oldValue: 'Tablet A', newValue: 'Tablet B', replacedConcurrentEdit: true, changedBy: 'Olga' }),
        revision(3, protocolId, { entity: 'patientData', field: 'phone', oldValue: '0170 1', newValue: '0170 2', replacedConcurrentEdit: true }),
      ],
    }));
    expect(await replacedProtocolValues(db, protocolId)).toEqual([
      { entity: 'patientData', field: 'phone', replacedValue: '0170 1', newValue: '0170 2', changedAt: '2026-07-04T10:00:00.000Z', changedBy: 'Mona' },
      { entity: 'protocol', field: 'chiefComplaint', replacedValue: 'Tablet A', newValue: 'Tablet B', changedAt: '2026-07-04T10:00:00.000Z', changedBy: 'Olga' },
    ]);
  });

  it('drops the history with a confirmed discharge, and when the service leaves the scope', async () => {
    const db = await device();
    const discharged = await createProtocol(newProtocol(serviceId));
    const kept = await createProtocol(newProtocol(serviceId));
    const leaving = await createProtocol(newProtocol(otherServiceId));
    await db.outbox.clear();
    await applyPullPage(db, page({ changes: [revision(1, discharged), revision(2, kept), revision(3, leaving)] }));
    expect(await db.recordRevisions.count()).toBe(3);

    // The server sealed the discharged protocol's history with the record: its patientData delete says so.
    await applyPullPage(db, page({ cursor: 'c2', changes: [{ entity: 'patientData', op: 'delete', id: discharged, organizationId: 1, version: 200 }] }));
    expect(await protocolHistory(db, discharged)).toEqual([]);

    // Removed from the other service's team: its protocols' history leaves the device.
    await applyPullPage(db, page({ cursor: 'c3', patientDataServices: [serviceId] }));
    expect(await protocolHistory(db, leaving)).toEqual([]);
    expect((await protocolHistory(db, kept)).map((row) => row.id)).toEqual(['2']);

    // Out of the organisation: nothing of it stays.
    await applyPullPage(db, page({ cursor: 'c4', organizations: [], patientDataServices: [] }));
    expect(await db.recordRevisions.count()).toBe(0);
  });
});
