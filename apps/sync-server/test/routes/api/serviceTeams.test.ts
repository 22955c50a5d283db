import type { ApiErrorBody, ProtocolDetail, Service, ServiceTeamMember } from '@sanidok/schema';
import { serviceTeamMessages } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { pullAsDevice, registerDevice } from '../../helpers/deviceKeys';
import { json } from '../../helpers/json';
import { addMember, createOrganization } from '../../helpers/organizations';
import { createProtocolVia } from '../../helpers/protocols';
import { createServiceVia } from '../../helpers/services';
import type { Client } from '../../helpers/testApp';
import { createTestApp, registeredClient } from '../../helpers/testApp';

const hour = 3_600_000;
const idOf = async (client: Client) => json<{ id: number }>(await client.get('/api/user')).id;

/** Owner Olga, admin Adam, medics Mona and Max, one running service of Olga's (she is on its team). */
async function cast() {
  const app = await createTestApp();
  const owner = await registeredClient(app, 'olga');
  const { id: orgId } = await createOrganization(owner);
  const admin = await addMember(app, owner, orgId, 'adam', 'admin');
  const mona = await addMember(app, owner, orgId, 'mona');
  const max = await addMember(app, owner, orgId, 'max');
  const service = await createServiceVia(owner, orgId);
  const ids = { owner: await idOf(owner), admin: await idOf(admin), mona: await idOf(mona), max: await idOf(max) };
  const code = json<Service>(await owner.get(`/api/services/${service.id}`)).accessCode ?? '';
  return { app, owner, admin, mona, max, orgId, service, ids, code };
}

describe('service team (Einteilung)', () => {
  it('puts the creator on the team; owner and admins assign and remove members, logged with who', async () => {
    const { app, owner, admin, mona, service, ids } = await cast();
    const initial = json<ServiceTeamMember[]>(await mona.get(`/api/services/${service.id}/team`));
    expect(initial).toEqual([expect.objectContaining({ userId: ids.owner, username: 'olga', fullName: null, method: 'creator', addedById: ids.owner })]);
    // The full name goes with the team row: the FHIR export names its Practitioners with it (docs/fhir.md).
    await app.db.updateTable('users').set({ fullName: 'Olga Owner' }).where('id', '=', ids.owner).execute();
    expect(json<ServiceTeamMember[]>(await mona.get(`/api/services/${service.id}/team`))[0]?.fullName).toBe('Olga Owner');

    const set = await admin.put(`/api/services/${service.id}/team`, { userIds: [ids.owner, ids.mona] });
    expect(set.statusCode).toBe(200);
    expect(json<ServiceTeamMember[]>(set).find((m) => m.userId === ids.mona)).toMatchObject({ method: 'assigned', addedById: ids.admin, addedByName: 'adam' });
    expect(json<ServiceTeamMember[]>(await owner.put(`/api/services/${service.id}/team`, { userIds: [ids.mona] })).map((m) => m.userId)).toEqual([ids.mona]);

    const log = await app.db.selectFrom('accessLogs').select(['userId', 'details', 'serviceId']).where('actionType', '=', 'other').orderBy('id').execute();
    expect(log).toEqual([
      { userId: ids.admin, serviceId: service.id, details: 'Einteilung geändert: Stadtfest Musterstadt, eingeteilt: mona' },
      { userId: ids.owner, serviceId: service.id, details: 'Einteilung geändert: Stadtfest Musterstadt, entfernt: olga' },
    ]);
  });

  it('refuses members (403), non-members of the organisation as team (400, German) and writes nothing', async () => {
    const { app, mona, admin, service, ids } = await cast();
    const refused = await mona.put(`/api/services/${service.id}/team`, { userIds: [ids.mona] });
    expect(refused.statusCode).toBe(403);
    const outsider = await registeredClient(app, 'otto');
    const bad = await admin.put(`/api/services/${service.id}/team`, { userIds: [ids.mona, await idOf(outsider)] });
    expect(bad.statusCode).toBe(400);
    expect(json<ApiErrorBody>(bad)).toMatchObject({ message: serviceTeamMessages.notMember, fields: { userIds: serviceTeamMessages.notMember } });
    expect((await app.db.selectFrom('serviceTeamMembers').select('userId').execute()).map((r) => r.userId)).toEqual([ids.owner]);
  });

  it('takes a member who leaves the organisation off its teams', async () => {
    const { app, owner, orgId, service, ids, mona } = await cast();
    await owner.put(`/api/services/${service.id}/team`, { userIds: [ids.owner, ids.mona] });
    expect((await mona.request({ method: 'DELETE', url: `/api/organizations/${orgId}/members/${ids.mona}` })).statusCode).toBe(200);
    expect((await app.db.selectFrom('serviceTeamMembers').select('userId').execute()).map((r) => r.userId)).toEqual([ids.owner]);
    expect(await app.db.selectFrom('syncTombstones').select('entityId').where('entity', '=', 'serviceTeamMember').execute()).toEqual([{ entityId: `${service.id}:${ids.mona}` }]);
  });
});

describe('access code', () => {
  it('is generated at creation and shown only to owner, admins and the team', async () => {
    const { owner, admin, mona, service, ids, code } = await cast();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(json<Service>(await admin.get(`/api/services/${service.id}`)).accessCode).toBe(code);
    expect(json<Service>(await mona.get(`/api/services/${service.id}`)).accessCode).toBeNull();
    expect(json<Service[]>(await mona.get('/api/services'))[0]?.accessCode).toBeNull();
    await owner.put(`/api/services/${service.id}/team`, { userIds: [ids.mona] });
    expect(json<Service>(await mona.get(`/api/services/${service.id}`)).accessCode).toBe(code);
  });

  it('joins a member with the right code (any case, without the hyphen), logged', async () => {
    const { app, mona, service, ids, code } = await cast();
    const joined = await mona.post(`/api/services/${service.id}/join`, { accessCode: code.replace('-', '').toLowerCase() });
    expect(joined.statusCode).toBe(200);
    expect(json<ServiceTeamMember>(joined)).toMatchObject({ userId: ids.mona, method: 'accessCode', addedById: ids.mona });
    expect(json<Service>(await mona.get(`/api/services/${service.id}`)).accessCode).toBe(code);
    const log = await app.db.selectFrom('accessLogs').select('details').where('userId', '=', ids.mona).execute();
    expect(log).toEqual([{ details: 'Einteilung geändert: Stadtfest Musterstadt, mona mit Zugangscode beigetreten' }]);
  });

  it('refuses a wrong code in German, at most 10 per user and service, then 429 even for the right one', async () => {
    const { app, mona, max, service, code } = await cast();
    for (let i = 0; i < 10; i += 1) {
      const wrong = await mona.post(`/api/services/${service.id}/join`, { accessCode: 'FALSCH-00' });
      expect(wrong.statusCode).toBe(400);
      expect(json<ApiErrorBody>(wrong).message).toBe(serviceTeamMessages.wrongCode);
    }
    const eleventh = await mona.post(`/api/services/${service.id}/join`, { accessCode: code });
    expect(eleventh.statusCode).toBe(429);
    expect(json<ApiErrorBody>(eleventh)).toEqual({ message: serviceTeamMessages.tooManyTries, code: 'RATE_LIMITED' });
    // Per user: Max is not held back by Mona's tries.
    expect((await max.post(`/api/services/${service.id}/join`, { accessCode: code })).statusCode).toBe(200);
    expect(await app.db.selectFrom('serviceTeamMembers').select('userId').where('userId', '=', await idOf(mona)).execute()).toEqual([]);
  });

  it('joins only a running service (409 before the start) and refuses an empty code', async () => {
    const { owner, mona, orgId } = await cast();
    const later = await createServiceVia(owner, orgId, { startDate: new Date(Date.now() + 5 * hour).toISOString(), endDate: new Date(Date.now() + 9 * hour).toISOString() });
    const laterCode = json<Service>(await owner.get(`/api/services/${later.id}`)).accessCode;
    const early = await mona.post(`/api/services/${later.id}/join`, { accessCode: laterCode });
    expect(early.statusCode).toBe(409);
    expect(json<ApiErrorBody>(early).message).toBe(serviceTeamMessages.notRunning);
    const empty = await mona.post(`/api/services/${later.id}/join`, { accessCode: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(json<ApiErrorBody>(empty).message).toContain(serviceTeamMessages.codeRequired);
  });

  it('regenerates the code (owner, admins): the old one stops working, who joined stays', async () => {
    const { mona, max, admin, service, code, ids } = await cast();
    await mona.post(`/api/services/${service.id}/join`, { accessCode: code });
    expect((await mona.post(`/api/services/${service.id}/access-code`)).statusCode).toBe(403);
    const renewed = await admin.post(`/api/services/${service.id}/access-code`);
    expect(renewed.statusCode).toBe(200);
    const fresh = json<Service>(renewed).accessCode;
    expect(fresh).not.toBe(code);
    expect(json<ServiceTeamMember[]>(await max.get(`/api/services/${service.id}/team`)).map((m) => m.userId)).toContain(ids.mona);
    expect((await max.post(`/api/services/${service.id}/join`, { accessCode: code })).statusCode).toBe(400);
    expect((await max.post(`/api/services/${service.id}/join`, { accessCode: fresh })).statusCode).toBe(200);
  });

  it('opens /patient-protocols/{id}?key=CODE for a member off the team: joins, then her tablet pulls the patient data', async () => {
    const { owner, mona, service, code, ids } = await cast();
    const created = await createProtocolVia(owner, service.id);
    const tablet = await registerDevice(mona);
    const pulledNames = async () => JSON.stringify((await pullAsDevice(mona, tablet)).changes).includes('Müller');
    expect(await pulledNames()).toBe(false);
    const wrong = await mona.get(`/api/patient-protocols/${created.protocol.id}?key=FALSCH`);
    expect(wrong.statusCode).toBe(400);
    expect(json<ApiErrorBody>(wrong).message).toBe(serviceTeamMessages.wrongCode);
    const opened = json<ProtocolDetail>(await mona.get(`/api/patient-protocols/${created.protocol.id}?key=${encodeURIComponent(code)}`));
    // REST answers no patient data to anyone (docs/security.md "Patient data needs the unlocked device").
    expect(opened).toMatchObject({ protocol: { id: created.protocol.id }, patientData: null });
    expect(await pulledNames()).toBe(true);
    expect(json<ServiceTeamMember[]>(await owner.get(`/api/services/${service.id}/team`)).find((m) => m.userId === ids.mona)).toMatchObject({ method: 'accessCode' });
  });
});
