import type { PullResponse, Service, ServiceTeamMember, SyncChange } from '@sanidok/schema';
import { serviceTeamMemberId } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { json } from '../../helpers/json';
import { addMember, createOrganization } from '../../helpers/organizations';
import { createServiceVia } from '../../helpers/services';
import type { Client } from '../../helpers/testApp';
import { createTestApp, registeredClient } from '../../helpers/testApp';

/**
 * Services and team rows reach the pull as JSON the database writes (src/domain/sync/sqlJson.ts),
 * not through the zod serializer. Each must be exactly what the REST replies say, which do go
 * through it: the same fields, types, nulls and booleans, and the access code only where that
 * reader may see it.
 */
async function pullAll(client: Client): Promise<SyncChange[]> {
  const changes: SyncChange[] = [];
  let cursor = '';
  for (;;) {
    const response = await client.get(`/api/sync/pull?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.statusCode).toBe(200);
    const page = json<PullResponse>(response);
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return changes;
  }
}

const idOf = async (client: Client) => json<{ id: number }>(await client.get('/api/user')).id;

describe('sync pull: changes written by the database', () => {
  it('equal the REST replies for every reader: services, their teams, the access code', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const tina = await addMember(app, owner, orgId, 'tina');
    const mona = await addMember(app, owner, orgId, 'mona');
    const plain = await createServiceVia(owner, orgId, { description: null });
    const described = await createServiceVia(owner, orgId, { description: 'Stadtfest, "Bühne" \\ Süd' });
    expect((await owner.put(`/api/services/${described.id}/team`, { userIds: [await idOf(owner), await idOf(tina)] })).statusCode).toBe(200);

    for (const reader of [owner, tina, mona]) {
      const changes = await pullAll(reader);
      const services = changes.filter((c) => c.entity === 'service');
      expect(services.map((c) => c.id).sort()).toEqual([plain.id, described.id].sort());
      for (const change of services) {
        const rest = json<Service>(await reader.get(`/api/services/${change.id}`));
        expect(change).toEqual({ entity: 'service', op: 'upsert', id: rest.id, organizationId: orgId, version: rest.version, data: rest });
      }
      const team = changes.filter((c) => c.entity === 'serviceTeamMember' && c.op === 'upsert');
      const restTeams = (await Promise.all([plain.id, described.id].map(async (id) => json<ServiceTeamMember[]>(await reader.get(`/api/services/${id}/team`))))).flat();
      expect(team.map((c) => c.data)).toEqual(expect.arrayContaining(restTeams));
      expect(team).toHaveLength(restTeams.length);
      for (const change of team) expect(change.id).toBe(serviceTeamMemberId(change.data.serviceId, change.data.userId));
    }
    // Mona is on no team and no manager: no code. Tina only on the team she is on.
    const monaServices = (await pullAll(mona)).filter((c) => c.entity === 'service');
    expect(monaServices.map((c) => (c.op === 'upsert' ? c.data.accessCode : 'deleted'))).toEqual([null, null]);
    const tinaCodes = Object.fromEntries((await pullAll(tina)).flatMap((c) => (c.op === 'upsert' && c.entity === 'service' ? [[c.id, c.data.accessCode]] : [])));
    expect(tinaCodes[plain.id]).toBeNull();
    expect(tinaCodes[described.id]).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  });
});
