import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationFixture } from '../../helpers/organizations';
import { organizationFixture } from '../../helpers/organizations';
import { createProtocolVia, dischargePayload, protocolPayload } from '../../helpers/protocols';
import { createServiceVia } from '../../helpers/services';
import { Client, createTestApp } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { ApiErrorBody, PullResponse } from '@sanidok/schema';

type Role = keyof OrganizationFixture['clients'];
const roles: Role[] = ['owner', 'admin', 'member', 'outsider', 'anonymous'];

interface Fixture extends OrganizationFixture {
  serviceId: string;
  protocolId: string;
  /** One protocol per role to discharge: a discharge can happen only once. */
  toDischarge: Record<Role, string>;
}

interface Row { name: string; method: 'GET' | 'POST' | 'PATCH'; url: (f: Fixture, role: Role) => string; body?: (f: Fixture) => unknown; expect: Record<Role, number> }

const members = (ok: number) => ({ owner: ok, admin: ok, member: ok, outsider: 404, anonymous: 401 });

/** Every protocol call × every role: any member documents, outsiders see a 404, nobody signed out gets in. */
const rows: Row[] = [
  { name: 'list protocols', method: 'GET', url: () => '/api/patient-protocols', expect: { ...members(200), outsider: 200 } },
  { name: 'protocol detail', method: 'GET', url: (f) => `/api/patient-protocols/${f.protocolId}`, expect: members(200) },
  { name: 'protocols of a service', method: 'GET', url: (f) => `/api/services/${f.serviceId}/patient-protocols`, expect: members(200) },
  { name: 'create', method: 'POST', url: () => '/api/patient-protocols', body: (f) => protocolPayload(f.serviceId), expect: members(201) },
  { name: 'update', method: 'PATCH', url: (f) => `/api/patient-protocols/${f.protocolId}`, body: () => ({ medications: 'ASS 100' }), expect: members(200) },
  { name: 'discharge', method: 'PATCH', url: (f, role) => `/api/patient-protocols/${f.toDischarge[role]}/discharge`, body: () => dischargePayload, expect: members(200) },
  { name: 'vital signs', method: 'GET', url: (f) => `/api/patient-protocols/${f.protocolId}/vital-signs`, expect: members(200) },
  { name: 'record vital signs', method: 'POST', url: (f) => `/api/patient-protocols/${f.protocolId}/vital-signs`, body: () => ({ heartRate: 88 }), expect: members(201) },
  { name: 'treatment entries', method: 'GET', url: (f) => `/api/patient-protocols/${f.protocolId}/treatment-entries`, expect: members(200) },
  {
    name: 'add treatment entry', method: 'POST', url: (f) => `/api/patient-protocols/${f.protocolId}/treatment-entries`,
    body: () => ({ id: randomUUID(), time: '12:00', text: 'Patient betreut', performer: 'laienhelfer' }), expect: members(201),
  },
  { name: 'log protocol access', method: 'POST', url: () => '/api/access-logs/protocol-access', body: (f) => ({ protocolId: f.protocolId }), expect: members(201) },
  { name: 'log print', method: 'POST', url: () => '/api/access-logs/print', body: (f) => ({ protocolId: f.protocolId, actionType: 'handover' }), expect: members(201) },
];

describe('protocol calls × roles', () => {
  let fixture: Fixture;

  beforeAll(async () => {
    const app = await createTestApp();
    const base = await organizationFixture(app, new Client(app));
    const owner = base.clients.owner;
    const { id: serviceId } = await createServiceVia(owner, base.organizationId);
    const { protocol } = await createProtocolVia(owner, serviceId);
    const toDischarge = {} as Record<Role, string>;
    for (const role of roles) toDischarge[role] = (await createProtocolVia(owner, serviceId)).protocol.id;
    fixture = { ...base, serviceId, protocolId: protocol.id, toDischarge };
  });

  for (const row of rows) {
    for (const role of roles) {
      it(`${row.name} as ${role} → ${row.expect[role]}`, async () => {
        const response = await fixture.clients[role].request({ method: row.method, url: row.url(fixture, role), payload: row.body?.(fixture) as never });
        expect(response.statusCode, response.body).toBe(row.expect[role]);
        if (response.statusCode >= 400) expect(response.json()).toHaveProperty('message');
        if (response.statusCode === 404) expect(json<ApiErrorBody>(response).message).toMatch(/nicht gefunden/);
      });
    }
  }

  it('shows outsiders no protocol and no patient data, and the same 404 as for a missing protocol', async () => {
    const outsider = fixture.clients.outsider;
    expect((await outsider.get('/api/patient-protocols')).json()).toEqual([]);
    const foreign = await outsider.get(`/api/patient-protocols/${fixture.protocolId}`);
    expect(foreign.json()).toEqual((await outsider.get(`/api/patient-protocols/${randomUUID()}`)).json());
    expect(foreign.json()).toEqual((await outsider.get('/api/patient-protocols/kein-uuid')).json());
    expect(foreign.body).not.toContain('Jürgen');
    expect(JSON.stringify(json<PullResponse>(await outsider.get('/api/sync/pull')).changes)).not.toContain(fixture.protocolId);
  });
});
