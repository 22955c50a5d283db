import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createProtocolVia, dischargePayload, protocolCounts } from '../../helpers/protocols';
import { serviceTeam } from '../../helpers/serviceTeam';
import { registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { AccessLogItem, ApiErrorBody, PublicUser, PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';

async function setup() {
  const team = await serviceTeam();
  const { protocol } = await createProtocolVia(team.medic, team.service.id);
  return { ...team, protocol };
}

const browser = { 'user-agent': 'Mozilla/5.0 (iPad) SaniDok-Test', 'x-forwarded-for': '203.0.113.7' };

describe('access logging of protocols', () => {
  it('writes a full row for opening and for both prints; the owner tab reads them', async () => {
    const { app, owner, medic, orgId, service, protocol } = await setup();
    const opened = await medic.request({ method: 'POST', url: '/api/access-logs/protocol-access', payload: { protocolId: protocol.id }, headers: browser });
    expect(opened.statusCode).toBe(201);
    expect((await medic.post('/api/access-logs/print', { protocolId: protocol.id, actionType: 'handover' })).statusCode).toBe(201);
    expect((await medic.post('/api/access-logs/print', { protocolId: protocol.id, actionType: 'complete' })).statusCode).toBe(201);

    const rows = await app.db.selectFrom('accessLogs').selectAll().orderBy('id').execute();
    const monaId = json<PublicUser>(await medic.get('/api/user')).id;
    expect(rows.map((r) => r.actionType)).toEqual(['protocol_opened', 'print_handover', 'print_complete_protocol']);
    expect(rows[0]).toMatchObject({
      userId: monaId, organizationId: orgId, serviceId: service.id, patientProtocolId: protocol.id, userEmail: 'mona@example.de',
      userAgent: 'Mozilla/5.0 (iPad) SaniDok-Test', details: 'Protokoll #1: Protokoll geöffnet',
    });
    expect(rows[0]?.ipAddress).toBeTruthy();
    expect(rows[1]?.details).toBe('Protokoll #1: RTW-Übergabe gedruckt');

    const tab = json<AccessLogItem[]>(await owner.get(`/api/organizations/${orgId}/access-logs`));
    expect(tab.map((l: { actionType: string }) => l.actionType).sort()).toEqual(['print_complete_protocol', 'print_handover', 'protocol_opened']);
    expect(tab[0]).toMatchObject({ patientProtocolId: protocol.id, serviceId: service.id, user: { username: 'mona' } });
  });

  it('keeps logging after discharge, and rejects bad input and strangers without writing', async () => {
    const { app, medic, protocol } = await setup();
    await medic.patch(`/api/patient-protocols/${protocol.id}/discharge`, dischargePayload);
    expect((await medic.post('/api/access-logs/print', { protocolId: protocol.id, actionType: 'complete' })).statusCode).toBe(201);
    const stranger = await registeredClient(app, 'otto');
    const cases: [typeof medic, unknown, string, number, string][] = [
      [medic, { protocolId: protocol.id, actionType: 'fax' }, 'print', 400, 'Unbekannte Druckart'],
      [medic, { protocolId: 'nein' }, 'protocol-access', 400, 'Ungültiges Protokoll'],
      [medic, { protocolId: randomUUID() }, 'protocol-access', 404, 'Protokoll nicht gefunden'],
      [stranger, { protocolId: protocol.id }, 'protocol-access', 404, 'Protokoll nicht gefunden'],
    ];
    for (const [client, payload, path, status, message] of cases) {
      const response = await client.post(`/api/access-logs/${path}`, payload);
      expect([response.statusCode, json<ApiErrorBody>(response).message]).toEqual([status, message]);
    }
    expect((await protocolCounts(app)).accessLogs).toBe(1);
  });

  it('stores an event queued offline with the time it happened, once', async () => {
    const { app, medic, protocol } = await setup();
    const occurredAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const event = { id: randomUUID(), protocolId: protocol.id, actionType: 'print_handover', occurredAt };
    const device = randomUUID();
    const first = await medic.post('/api/sync/push', { deviceId: device, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [
      { mutationId: randomUUID(), seq: 1, name: 'accessLog.record', args: event, createdAt: occurredAt },
      { mutationId: randomUUID(), seq: 2, name: 'accessLog.record', args: event, createdAt: occurredAt },
      { mutationId: randomUUID(), seq: 3, name: 'accessLog.record', args: { ...event, id: randomUUID(), actionType: 'other' }, createdAt: occurredAt },
    ] });
    expect(json<PushResponse>(first).results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'rejected']);
    const rows = await app.db.selectFrom('accessLogs').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actionType: 'print_handover', timestamp: occurredAt, eventId: event.id, details: 'Protokoll #1: RTW-Übergabe gedruckt (über Synchronisation gemeldet)' });

    // A clock far in the future is not believed: the server's time stands in.
    const future = { ...event, id: randomUUID(), occurredAt: '2999-01-01T00:00:00.000Z' };
    await medic.post('/api/sync/push', { deviceId: device, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ mutationId: randomUUID(), seq: 4, name: 'accessLog.record', args: future, createdAt: occurredAt }] });
    const stored = await app.db.selectFrom('accessLogs').select('timestamp').where('eventId', '=', future.id).executeTakeFirstOrThrow();
    expect(Date.parse(stored.timestamp)).toBeLessThanOrEqual(Date.now());
  });
});
