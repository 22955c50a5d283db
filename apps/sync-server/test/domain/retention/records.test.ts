import { randomUUID } from 'node:crypto';
import type { ApiErrorBody, OrganizationListItem, PullResponse, RetentionDeletionItem, SyncChange } from '@sanidok/schema';
import { retentionMessages } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { runExclusive } from '../../../src/db/exclusive';
import { policyMessages } from '../../../src/domain/organizations/policy';
import { purgeExpiredRecords, retentionCutoff } from '../../../src/domain/retention/records';
import { json } from '../../helpers/json';
import { createProtocolVia, dischargePayload } from '../../helpers/protocols';
import { serviceTeam } from '../../helpers/serviceTeam';
import type { Client } from '../../helpers/testApp';

/** Every change after `cursor`, page by page, as a device pulls. */
async function pullAll(client: Client, cursor?: string): Promise<{ cursor: string; changes: SyncChange[] }> {
  const changes: SyncChange[] = [];
  for (;;) {
    const query = new URLSearchParams(cursor ? { cursor } : {});
    const page = json<PullResponse>(await client.get(`/api/sync/pull?${query.toString()}`));
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { cursor, changes };
  }
}

const yearsAfter = (iso: string, years: number, plusDays: number) => new Date(Date.parse(retentionCutoff(iso, -years)) + plusDays * 86_400_000).toISOString();

async function dischargedProtocol(medic: Client, serviceId: string) {
  const created = await createProtocolVia(medic, serviceId);
  expect((await medic.post(`/api/patient-protocols/${created.protocol.id}/vital-signs`, { heartRate: 97 })).statusCode).toBe(201);
  const entry = { id: randomUUID(), time: '10:00', text: 'Verband angelegt', performer: 'custom', performerName: 'Dr. Huber' };
  expect((await medic.post(`/api/patient-protocols/${created.protocol.id}/treatment-entries`, entry)).statusCode).toBe(201);
  const discharged = await medic.patch(`/api/patient-protocols/${created.protocol.id}/discharge`, dischargePayload);
  if (discharged.statusCode !== 200) throw new Error(discharged.body);
  return created.protocol.id;
}

describe('retention of sealed records (domain/retention/records.ts)', () => {
  it('counts calendar years from the close; a leap day falls back to 28 February', () => {
    expect(retentionCutoff('2036-05-01T10:00:00.000Z', 10)).toBe('2026-05-01T10:00:00.000Z');
    expect(retentionCutoff('2028-02-29T10:00:00.000Z', 10)).toBe('2018-02-28T10:00:00.000Z');
  });

  it('deletes a discharged record after 10 years on the server and, by tombstone, on devices; keeps the open one and a deletion record', async () => {
    const { app, owner, medic, orgId, service } = await serviceTeam();
    const sealedId = await dischargedProtocol(medic, service.id);
    const open = await createProtocolVia(medic, service.id, { patientData: { firstName: 'Erika', lastName: 'Offen' } });
    const { cursor } = await pullAll(medic);
    const dischargedAt = (await app.db.selectFrom('patientProtocols').select('dischargedAt').where('id', '=', sealedId).executeTakeFirstOrThrow()).dischargedAt ?? '';
    expect(await app.db.selectFrom('sealedPatientData').select('protocolId').where('protocolId', '=', sealedId).execute()).toHaveLength(1);
    expect(await app.db.selectFrom('sealedRecordHistories').select('protocolId').where('protocolId', '=', sealedId).execute()).toHaveLength(1);

    const vitals = await app.db.selectFrom('vitalSignRecords').select('id').where('protocolId', '=', sealedId).execute();
    expect(vitals).toHaveLength(1);
    // One day before the ten years are over: nothing goes.
    expect(await purgeExpiredRecords(app.db, yearsAfter(dischargedAt, 10, -1))).toBe(0);
    // A day after: the sealed record goes, with everything the server kept of it.
    const now = yearsAfter(dischargedAt, 10, 1);
    expect(await purgeExpiredRecords(app.db, now)).toBe(1);
    for (const table of ['sealedPatientData', 'sealedRecordHistories', 'recordRevisions', 'treatmentEntries', 'vitalSignRecords'] as const) {
      expect(await app.db.selectFrom(table).select('protocolId').where('protocolId', '=', sealedId).execute(), table).toEqual([]);
    }
    expect(await app.db.selectFrom('patientProtocols').select('id').where('id', '=', sealedId).execute()).toEqual([]);
    expect(await app.db.selectFrom('fieldRevisions').select('id').where('entityId', '=', sealedId).execute()).toEqual([]);
    // The open record stays whole: nothing within retention (or still open) is lost.
    expect(await app.db.selectFrom('protocolPatientData').select('protocolId').where('protocolId', '=', open.protocol.id).execute()).toHaveLength(1);

    // The deletion record: service, dates, count; no patient data.
    const deletions = json<RetentionDeletionItem[]>(await owner.get(`/api/organizations/${orgId}/retention-deletions`));
    expect(deletions.map(({ id: _id, ...rest }) => rest)).toEqual([{ serviceId: service.id, serviceName: expect.any(String) as unknown, deletedAt: now, closedFrom: dischargedAt, closedUntil: dischargedAt, protocolCount: 1, minorTreatmentCount: 0, retentionYears: 10 }]);
    expect(JSON.stringify(deletions)).not.toMatch(/Jürgen|Müller|Synkope/);

    // A device that held the record drops it at its next pull.
    const { changes } = await pullAll(medic, cursor);
    expect(changes).toContainEqual(expect.objectContaining({ entity: 'protocol', op: 'delete', id: sealedId }));
    // Final and idempotent: a second run finds nothing, writes no second record.
    expect(await purgeExpiredRecords(app.db, now)).toBe(0);
    expect(await app.db.selectFrom('retentionDeletions').select('id').execute()).toHaveLength(1);
  });

  it('takes a record closed by archiving from the archiving on, with the minor treatments of the archived service', async () => {
    const { app, medic, orgId, service } = await serviceTeam();
    const open = await createProtocolVia(medic, service.id);
    const minor = await medic.post('/api/minor-treatments', { serviceId: service.id, patientName: 'Jürgen Müller', description: 'Pflaster geklebt' });
    expect(minor.statusCode).toBe(201);
    // Archiving needs the service's end in the past; the archive's effect on the row is what counts here.
    const archivedAt = '2026-12-01T18:00:00.000Z';
    await app.db.updateTable('services').set({ status: 'archived', updatedAt: archivedAt }).where('id', '=', service.id).execute();

    expect(await purgeExpiredRecords(app.db, yearsAfter(archivedAt, 10, -1))).toBe(0);
    expect(await purgeExpiredRecords(app.db, yearsAfter(archivedAt, 10, 1))).toBe(2);
    expect(await app.db.selectFrom('patientProtocols').select('id').where('id', '=', open.protocol.id).execute()).toEqual([]);
    expect(await app.db.selectFrom('minorTreatments').select('id').where('serviceId', '=', service.id).execute()).toEqual([]);
    const tombstones = await app.db.selectFrom('syncTombstones').select(['entity', 'version']).where('organizationId', '=', orgId).where('entity', 'in', ['protocol', 'minorTreatment']).execute();
    expect(tombstones.map((t) => t.entity).sort()).toEqual(['minorTreatment', 'protocol']);
    expect(new Set(tombstones.map((t) => t.version)).size).toBe(2);
    const record = await app.db.selectFrom('retentionDeletions').selectAll().executeTakeFirstOrThrow();
    expect(record).toMatchObject({ serviceId: service.id, protocolCount: 1, minorTreatmentCount: 1, closedFrom: archivedAt, closedUntil: archivedAt });
  });

  it("keeps records for the owner's longer period; refuses a shorter one and a non-owner, in German", async () => {
    const { app, owner, medic, orgId, service } = await serviceTeam();
    const sealedId = await dischargedProtocol(medic, service.id);
    const dischargedAt = (await app.db.selectFrom('patientProtocols').select('dischargedAt').where('id', '=', sealedId).executeTakeFirstOrThrow()).dischargedAt ?? '';

    const tooShort = await owner.put(`/api/organizations/${orgId}/retention`, { retentionYears: 9 });
    expect(tooShort.statusCode).toBe(400);
    expect(json<ApiErrorBody>(tooShort).message).toBe(retentionMessages.belowMinimum);
    const byMember = await medic.put(`/api/organizations/${orgId}/retention`, { retentionYears: 12 });
    expect(byMember.statusCode).toBe(403);
    expect(json<ApiErrorBody>(byMember).message).toBe(policyMessages.setRetention);
    const saved = await owner.put(`/api/organizations/${orgId}/retention`, { retentionYears: 12 });
    expect(json<OrganizationListItem>(saved).retentionYears).toBe(12);

    expect(await purgeExpiredRecords(app.db, yearsAfter(dischargedAt, 10, 1))).toBe(0);
    expect(await purgeExpiredRecords(app.db, yearsAfter(dischargedAt, 12, -1))).toBe(0);
    expect(await purgeExpiredRecords(app.db, yearsAfter(dischargedAt, 12, 1))).toBe(1);
    expect(await app.db.selectFrom('retentionDeletions').select('retentionYears').execute()).toEqual([{ retentionYears: 12 }]);
  });

  it('takes the pending edit of a device that was offline during the deletion, on another open record', async () => {
    const { app, medic, service } = await serviceTeam();
    const sealedId = await dischargedProtocol(medic, service.id);
    const open = await createProtocolVia(medic, service.id);
    const dischargedAt = (await app.db.selectFrom('patientProtocols').select('dischargedAt').where('id', '=', sealedId).executeTakeFirstOrThrow()).dischargedAt ?? '';
    expect(await purgeExpiredRecords(app.db, yearsAfter(dischargedAt, 10, 1))).toBe(1);

    // The device comes back with an edit it made offline, based on the version it last saw.
    const edit = await medic.patch(`/api/patient-protocols/${open.protocol.id}`, { baseVersion: open.protocol.version, chiefComplaint: 'Schwindel, offline erfasst' });
    expect(edit.statusCode).toBe(200);
    const row = await app.db.selectFrom('patientProtocols').select('chiefComplaint').where('id', '=', open.protocol.id).executeTakeFirstOrThrow();
    expect(row.chiefComplaint).toBe('Schwindel, offline erfasst');
    expect(await app.db.selectFrom('protocolPatientData').select('protocolId').where('protocolId', '=', open.protocol.id).execute()).toHaveLength(1);
  });

  it('deletes many sealed records with a fixed number of statements (set-based), concurrent runs deleting each once', async () => {
    const { app, medic, orgId, service } = await serviceTeam();
    await createProtocolVia(medic, service.id);
    const closedAt = '2020-01-01T00:00:00.000Z';
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, serviceId: service.id, organizationId: orgId, serviceProtocolNumber: 1000 + i, status: 'discharged' as const,
      dischargedAt: closedAt, createdAt: closedAt, receivedAt: closedAt, updatedAt: closedAt, version: 1,
    }));
    await app.db.insertInto('patientProtocols').values(rows).execute();
    const queries: string[] = [];
    const counted = app.db.withPlugin({ transformQuery: (args) => (queries.push(args.node.kind), args.node), transformResult: (args) => Promise.resolve(args.result) });

    // One run as the jobs plugin starts it (one connection under the advisory lock on PostgreSQL), one beside it.
    const runs = await Promise.all([
      runExclusive(counted, 'retention-test', (db) => purgeExpiredRecords(db, '2031-01-02T00:00:00.000Z')),
      purgeExpiredRecords(app.db, '2031-01-02T00:00:00.000Z'),
    ]);
    expect(runs.reduce<number>((a, b) => a + (b ?? 0), 0)).toBe(300);
    expect(queries.length).toBeGreaterThan(3);
    expect(queries.length).toBeLessThan(30);
    const left = await app.db.selectFrom('patientProtocols').select((eb) => eb.fn.countAll<number | string>().as('n')).where('status', '=', 'discharged').executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    const records = await app.db.selectFrom('retentionDeletions').select('protocolCount').execute();
    expect(records).toEqual([{ protocolCount: 300 }]);
    const tombstones = await app.db.selectFrom('syncTombstones').select('version').where('entity', '=', 'protocol').execute();
    expect(new Set(tombstones.map((t) => t.version)).size).toBe(300);
  });
});
