import { randomUUID } from 'node:crypto';
import type { BoardStatus, DiaryEntry, PullResponse, PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { forgetDeviceReports } from '../../../src/domain/sync/deviceStatus';
import { json } from '../../helpers/json';
import { serviceTeam } from '../../helpers/serviceTeam';
import type { Client } from '../../helpers/testApp';

/** Manual diary entries (sync mutation diaryEntry.create) and the team's device status of the board. */

const entry = (serviceId: string, text = 'Zelt 2 voll belegt', id = randomUUID()) => ({ id, serviceId, text, occurredAt: new Date().toISOString() });

async function push(client: Client, deviceId: string, from: number, argsList: unknown[], pendingCount?: number): Promise<PushResponse> {
  const mutations = argsList.map((args, index) => ({ mutationId: randomUUID(), seq: from + index, name: 'diaryEntry.create', args, createdAt: new Date().toISOString() }));
  const response = await client.post('/api/sync/push', { deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations, ...(pendingCount === undefined ? {} : { pendingCount }) });
  expect(response.statusCode).toBe(200);
  return json<PushResponse>(response);
}

async function diaryChanges(client: Client) {
  const body = json<PullResponse>(await client.get('/api/sync/pull'));
  return body.changes.filter((c) => c.entity === 'diaryEntry').map((c) => (c as { data: DiaryEntry }).data);
}

describe('diary entries', () => {
  it('a member writes an entry offline; every member pulls it once, with its author and device time', async () => {
    const { owner, medic, service } = await serviceTeam();
    const args = { ...entry(service.id, '  RTW 1 zur Bühne  '), occurredAt: '2026-11-24T09:15:00.000+01:00' };
    const { results } = await push(medic, randomUUID(), 1, [args]);
    expect(results).toEqual([expect.objectContaining({ status: 'applied' })]);
    const [pulled] = await diaryChanges(owner);
    expect(pulled).toMatchObject({ id: args.id, serviceId: service.id, text: 'RTW 1 zur Bühne', occurredAt: '2026-11-24T08:15:00.000Z', authorName: 'mona' });
  });

  it('the same entry id twice is refused (409) and kept once; bad text is a German 400', async () => {
    const { app, medic, service } = await serviceTeam();
    const device = randomUUID();
    const args = entry(service.id);
    const { results } = await push(medic, device, 1, [args, { ...args }, entry(service.id, '   '), entry(service.id, 'x'.repeat(1001))]);
    expect(results.map((r) => [r.status, r.code])).toEqual([['applied', undefined], ['rejected', 'CONFLICT'], ['rejected', 'VALIDATION'], ['rejected', 'VALIDATION']]);
    expect(results[2]?.message).toBe('Bitte geben Sie einen Text für den Tagebucheintrag ein');
    const rows = await app.db.selectFrom('serviceDiaryEntries').select('id').execute();
    expect(rows).toEqual([{ id: args.id }]);
    // The quarantine keeps no text of a refused entry (sensitive: it may name a patient).
    const kept = await app.db.selectFrom('syncQuarantine').select('args').where('deviceId', '=', device).execute();
    expect(kept.map((row) => row.args).join(' ')).not.toContain('x'.repeat(20));
  });
});

describe('board status (team devices)', () => {
  it('shows each team member with devices, last seen and the unsynced count from push and pull', async () => {
    forgetDeviceReports();
    const { owner, medic, medicId, service } = await serviceTeam();
    const tablet = randomUUID();
    // 5 waiting, 2 sent: 3 left.
    await push(medic, tablet, 1, [entry(service.id), entry(service.id)], 5);
    let status = json<BoardStatus>(await owner.get(`/api/services/${service.id}/board`));
    const mona = status.team.find((member) => member.userId === medicId);
    expect(mona?.devices).toEqual([{ deviceLabel: tablet.slice(-6), lastSeenAt: expect.any(String) as string, pendingCount: 3 }]);
    // A pull reports the count after the push; a device that only pulled so far is registered.
    expect((await medic.get(`/api/sync/pull?deviceId=${tablet}&pending=0`)).statusCode).toBe(200);
    const phone = randomUUID();
    expect((await owner.get(`/api/sync/pull?deviceId=${phone}&pending=7`)).statusCode).toBe(200);
    status = json<BoardStatus>(await owner.get(`/api/services/${service.id}/board`));
    expect(status.team.find((member) => member.userId === medicId)?.devices[0]?.pendingCount).toBe(0);
    expect(status.team.find((member) => member.username === 'olga')?.devices).toEqual([expect.objectContaining({ deviceLabel: phone.slice(-6), pendingCount: 7 })]);
    expect(status.version).toBeGreaterThan(0);
    // Another user's device id changes nothing.
    expect((await owner.get(`/api/sync/pull?deviceId=${tablet}&pending=99`)).statusCode).toBe(200);
    status = json<BoardStatus>(await owner.get(`/api/services/${service.id}/board`));
    expect(status.team.find((member) => member.userId === medicId)?.devices[0]?.pendingCount).toBe(0);
  });

  it('a bad pending count is a German 400, not a 500', async () => {
    const { medic } = await serviceTeam();
    const response = await medic.get(`/api/sync/pull?deviceId=${randomUUID()}&pending=-1`);
    expect(response.statusCode).toBe(400);
    expect(json<{ code: string }>(response).code).toBe('VALIDATION');
  });
});
