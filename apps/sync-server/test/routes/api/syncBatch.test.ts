import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledSelect } from '../../../src/db/compiledSelect';
import { syncTables } from '../../../src/domain/sync/sources';
import { createOrganization } from '../../helpers/organizations';
import { createServiceVia, servicePayload } from '../../helpers/services';
import type { Client } from '../../helpers/testApp';
import { createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { PullResponse, PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import type { Db } from '../../../src/db/connection';
import { isPostgres } from '../../../src/db/dialect';

// The fast paths of push and pull (docs/sync-protocol.md, "Implementation notes") must give the
// answers of the plain ones: these tests pin what they could get wrong.

const mutation = (seq: number, name: string, args: unknown) => ({ mutationId: randomUUID(), seq, name, args, createdAt: new Date().toISOString() });
const push = (client: Client, deviceId: string, mutations: unknown[]) => client.post('/api/sync/push', { deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations });

describe('sync push: versions counted per batch', () => {
  it('gives consecutive versions, returns those of a refused mutation and stores the counter once', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const before = await createServiceVia(owner, orgId);
    const taken = servicePayload(orgId);
    const response = await push(owner, randomUUID(), [
      mutation(1, 'service.create', servicePayload(orgId)),
      mutation(2, 'service.create', taken),
      // Same id again: the command takes a version, then the insert fails (409) and is rolled back.
      mutation(3, 'service.create', taken),
      mutation(4, 'service.create', servicePayload(orgId)),
    ]);
    expect(json<PushResponse>(response).results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected', 'applied']);

    // Each create takes two versions: the service row, then its creator's team row;
    // `before`'s own team row took before.version + 1.
    const versions = (await app.db.selectFrom('services').select('version').where('id', '!=', before.id).orderBy('version').execute()).map((r) => r.version);
    expect(versions).toEqual([before.version + 2, before.version + 4, before.version + 6]);
    const teamVersions = (await app.db.selectFrom('serviceTeamMembers').select('version').where('serviceId', '!=', before.id).orderBy('version').execute()).map((r) => r.version);
    expect(teamVersions).toEqual([before.version + 3, before.version + 5, before.version + 7]);
    const counter = await app.db.selectFrom('syncState').select('version').executeTakeFirstOrThrow();
    expect(counter.version).toBe(before.version + 7);

    // A write outside a push continues from the stored counter: no version is handed out twice.
    const after = await createServiceVia(owner, orgId);
    expect(after.version).toBe(before.version + 8);
  });

  it('leaves the counter untouched when every mutation of a batch is refused', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const existing = servicePayload(orgId);
    await push(owner, randomUUID(), [mutation(1, 'service.create', existing)]);
    const counter = await app.db.selectFrom('syncState').select('version').executeTakeFirstOrThrow();
    const response = await push(owner, randomUUID(), [mutation(1, 'service.create', existing), mutation(2, 'service.create', { name: 'x' })]);
    expect(json<PushResponse>(response).results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await app.db.selectFrom('syncState').select('version').executeTakeFirstOrThrow()).toEqual(counter);
  });
});

/** The column lists of a table's indexes, in index order, on either database. */
async function indexColumns(db: Db, table: string): Promise<string[]> {
  if (isPostgres(db)) {
    const rows = await sql<{ columns: string }>`select string_agg(a.attname, ',' order by k.ord) as columns
      from pg_index i join pg_class c on c.oid = i.indrelid
      cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where c.relname = ${table} group by i.indexrelid`.execute(db);
    return rows.rows.map((r) => r.columns);
  }
  const indexes = await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(db);
  return Promise.all(indexes.rows.map(async ({ name }) =>
    (await sql<{ name: string }>`select name from pragma_index_info(${name}) order by seqno`.execute(db)).rows.map((c) => c.name).join(',')));
}

describe('sync pull: the no-change probe', () => {
  it('covers every source table through an (organization_id, version) index', async () => {
    const app = await createTestApp();
    for (const table of syncTables) {
      expect(await indexColumns(app.db, table), table).toContain('organization_id,version');
    }
  });

  it('still finds a change that only left a tombstone', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const service = await createServiceVia(owner, orgId);
    const { cursor } = json<PullResponse>(await owner.get('/api/sync/pull'));
    expect(json<PullResponse>(await owner.get(`/api/sync/pull?cursor=${cursor}`)).changes).toEqual([]);

    expect((await owner.request({ method: 'DELETE', url: `/api/services/${service.id}` })).statusCode).toBe(200);
    const { changes } = json<PullResponse>(await owner.get(`/api/sync/pull?cursor=${cursor}`));
    // The service's team (its creator) goes first, then the service: both only as tombstones.
    expect(changes).toMatchObject([
      { entity: 'serviceTeamMember', op: 'delete', organizationId: orgId },
      { entity: 'service', op: 'delete', id: service.id, organizationId: orgId },
    ]);
  });
});

describe('compiledSelect', () => {
  it('compiles once and binds each call\u2019s values, keeping constants of the query', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const a = await createServiceVia(owner, orgId, { name: 'Alpha' });
    await createServiceVia(owner, orgId, { name: 'Beta' });
    const named = compiledSelect((db, p: { organizationId: number; name: string }) =>
      db.selectFrom('services').select(['id', 'name', 'organizationId']).where('organizationId', '=', p.organizationId).where('name', '=', p.name).where('status', '=', 'active'));

    expect(await named(app.db, { organizationId: orgId, name: 'Alpha' })).toEqual([{ id: a.id, name: 'Alpha', organizationId: orgId }]);
    expect((await named(app.db, { organizationId: orgId, name: 'Beta' })).map((r) => r.name)).toEqual(['Beta']);
    expect(await named(app.db, { organizationId: orgId + 1, name: 'Alpha' })).toEqual([]);
    // Inside a transaction it reads that transaction's writes.
    await app.db.transaction().execute(async (trx) => {
      await trx.updateTable('services').set({ name: 'Gamma' }).where('id', '=', a.id).execute();
      expect((await named(trx, { organizationId: orgId, name: 'Gamma' })).map((r) => r.id)).toEqual([a.id]);
    });
  });
});
