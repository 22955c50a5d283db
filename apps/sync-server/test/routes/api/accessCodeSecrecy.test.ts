import type { ApiErrorBody, FieldRevision, Service } from '@sanidok/schema';
import { serviceMessages } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { json } from '../../helpers/json';
import { addMember, createOrganization } from '../../helpers/organizations';
import { createServiceVia } from '../../helpers/services';
import { createTestApp, registeredClient } from '../../helpers/testApp';

/**
 * The access code stays with the team (docs/decisions.md "The access code stays with the team"):
 * whoever holds it joins the team and reads its patient data, so no answer to a member off the team
 * carries it — not the service, and not the revisions two managers' concurrent edits leave behind.
 */
describe('the access code off the team', () => {
  it('two managers edit the code at once: the revisions show it to the team and the managers, never to a member off the team', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const admin = await addMember(app, owner, orgId, 'adam', 'admin');
    const offTeam = await addMember(app, owner, orgId, 'max');
    const service = await createServiceVia(owner, orgId);
    const base = json<Service>(await owner.get(`/api/services/${service.id}`)).version;
    expect((await owner.patch(`/api/services/${service.id}`, { baseVersion: base, accessCode: 'OLGA-2026-NORD', location: 'Halle 1' })).statusCode).toBe(200);
    expect((await admin.patch(`/api/services/${service.id}`, { baseVersion: base, accessCode: 'ADAM-2026-SUED', location: 'Halle 2' })).statusCode).toBe(200);

    const fields = async (client: typeof owner) => json<FieldRevision[]>(await client.get(`/api/services/${service.id}/revisions`));
    expect((await fields(admin)).map((r) => r.field).sort()).toEqual(['accessCode', 'location']);
    const seenOffTeam = await fields(offTeam);
    expect(seenOffTeam.map((r) => r.field)).toEqual(['location']);
    expect(JSON.stringify(seenOffTeam)).not.toMatch(/OLGA-2026-NORD|ADAM-2026-SUED/);
    expect(json<Service>(await offTeam.get(`/api/services/${service.id}`)).accessCode).toBeNull();
  });

  it('refuses a code shorter than 8 letters or digits (German 400), changing nothing', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const service = await createServiceVia(owner, orgId);
    const before = json<Service>(await owner.get(`/api/services/${service.id}`)).accessCode;
    for (const accessCode of ['A-17', 'SANI - 42 - X']) {
      const refused = await owner.patch(`/api/services/${service.id}`, { accessCode });
      expect([refused.statusCode, json<ApiErrorBody>(refused).fields?.accessCode]).toEqual([400, serviceMessages.accessCodeShort]);
    }
    expect(json<Service>(await owner.get(`/api/services/${service.id}`)).accessCode).toBe(before);
    expect((await owner.patch(`/api/services/${service.id}`, { accessCode: 'SANI-4242' })).statusCode).toBe(200);
  });
});
