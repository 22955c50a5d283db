import { beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationFixture } from '../../helpers/organizations';
import { organizationFixture } from '../../helpers/organizations';
import { Client, createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { OrganizationListItem } from '@sanidok/schema';

type Role = keyof OrganizationFixture['clients'];
const roles: Role[] = ['owner', 'admin', 'member', 'outsider', 'anonymous'];

/**
 * Who gets what, for every organisation call that does not change membership. A row is the
 * expected status per role; writes are repeated on fresh fixtures in the other test files.
 */
interface Row { name: string; method: 'GET' | 'POST' | 'DELETE'; url: (f: OrganizationFixture) => string; body?: (f: OrganizationFixture, role: Role) => unknown; expect: Record<Role, number> }

const rows: Row[] = [
  { name: 'list organisations', method: 'GET', url: () => '/api/organizations', expect: { owner: 200, admin: 200, member: 200, outsider: 200, anonymous: 401 } },
  { name: 'members', method: 'GET', url: (f) => `/api/organizations/${f.organizationId}/members`, expect: { owner: 200, admin: 200, member: 200, outsider: 404, anonymous: 401 } },
  { name: 'access logs', method: 'GET', url: (f) => `/api/organizations/${f.organizationId}/access-logs`, expect: { owner: 200, admin: 403, member: 403, outsider: 404, anonymous: 401 } },
  { name: 'materials of the organisation', method: 'GET', url: (f) => `/api/materials?organizationId=${f.organizationId}`, expect: { owner: 200, admin: 200, member: 200, outsider: 404, anonymous: 401 } },
  { name: 'invitations', method: 'GET', url: () => '/api/invitations', expect: { owner: 200, admin: 200, member: 200, outsider: 200, anonymous: 401 } },
  {
    name: 'invite', method: 'POST', url: (f) => `/api/organizations/${f.organizationId}/invite`,
    body: (_f, role) => ({ username: `gast-${role}`, role: 'member' }),
    expect: { owner: 201, admin: 201, member: 403, outsider: 404, anonymous: 401 },
  },
  {
    name: 'add material', method: 'POST', url: () => '/api/materials',
    body: (f, role) => ({ name: `Pflaster ${role}`, unit: 'Stück', organizationId: f.organizationId }),
    expect: { owner: 201, admin: 403, member: 403, outsider: 404, anonymous: 401 },
  },
];

describe('organisation calls × roles', () => {
  let fixture: OrganizationFixture;

  beforeAll(async () => {
    const app = await createTestApp();
    fixture = await organizationFixture(app, new Client(app));
    for (const role of roles) await registeredClient(app, `gast-${role}`);
  });

  for (const row of rows) {
    for (const role of roles) {
      it(`${row.name} as ${role} → ${row.expect[role]}`, async () => {
        const client = fixture.clients[role];
        const response = await client.request({ method: row.method, url: row.url(fixture), payload: row.body?.(fixture, role) as never });
        expect(response.statusCode).toBe(row.expect[role]);
        if (response.statusCode >= 400) expect(response.json()).toHaveProperty('message');
      });
    }
  }

  it('lists my organisations with role and member count, and no secret', async () => {
    const list = json<OrganizationListItem[]>(await fixture.clients.owner.get('/api/organizations'));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: fixture.organizationId, name: 'DRK Musterstadt', role: 'owner', isBlocked: false, memberCount: 3 });
    expect(Object.keys(list[0] ?? {}).some((k) => /secret|encryptionKey|private/i.test(k))).toBe(false);
    expect(json<OrganizationListItem[]>(await fixture.clients.member.get('/api/organizations'))[0]).toMatchObject({ role: 'member' });
    expect(json<OrganizationListItem[]>(await fixture.clients.admin.get('/api/organizations'))[0]).toMatchObject({ role: 'admin' });
  });

  it('answers the same 404 for a foreign and a missing organisation', async () => {
    const foreign = await fixture.clients.outsider.get(`/api/organizations/${fixture.organizationId}/members`);
    const missing = await fixture.clients.outsider.get('/api/organizations/99999/members');
    const garbage = await fixture.clients.outsider.get('/api/organizations/abc/members');
    expect(foreign.json()).toEqual(missing.json());
    expect(garbage.json()).toEqual(missing.json());
  });
});
