import { describe, expect, it } from 'vitest';
import { addMember, createOrganization } from '../../helpers/organizations';
import { createServiceVia, servicePayload } from '../../helpers/services';
import { Client, createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { ApiErrorBody, Service } from '@sanidok/schema';

const hour = 3_600_000;

describe('services REST', () => {
  it('lets owner and admin plan, members read, outsiders see nothing', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const admin = await addMember(app, owner, orgId, 'adam', 'admin');
    const member = await addMember(app, owner, orgId, 'mona');
    const outsider = await registeredClient(app, 'otto');

    const created = await owner.post('/api/services', servicePayload(orgId));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Stadtfest Musterstadt', organizationName: 'DRK Musterstadt', status: 'active', isBlocked: false, createdByName: 'olga' });
    expect((await admin.post('/api/services', servicePayload(orgId))).statusCode).toBe(201);
    const byMember = await member.post('/api/services', servicePayload(orgId));
    expect(byMember.statusCode).toBe(403);
    expect(json<ApiErrorBody>(byMember).message).toBe('Nur der Inhaber oder ein Administrator darf Sanitätsdienste anlegen, ändern, archivieren oder löschen.');
    expect((await outsider.post('/api/services', servicePayload(orgId))).statusCode).toBe(404);
    expect((await new Client(app).get('/api/services')).statusCode).toBe(401);

    expect((await member.get('/api/services')).json()).toHaveLength(2);
    expect((await member.get('/api/services/active')).json()).toHaveLength(2);
    expect((await outsider.get('/api/services')).json()).toEqual([]);
    const foreign = await outsider.get(`/api/services/${json<Service>(created).id}`);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: 'Sanitätsdienst nicht gefunden' });
    expect((await owner.get('/api/services/kein-uuid')).statusCode).toBe(404);
  });

  it('validates with the messages of docs/spec/services.md §5', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const bad = await owner.post('/api/services', { name: 'ab', location: 'x', organizationId: orgId });
    expect(json<ApiErrorBody>(bad).fields).toMatchObject({
      name: 'Name muss mindestens 3 Zeichen lang sein',
      location: 'Bitte geben Sie den Ort des Sanitätsdienstes an',
      startDate: 'Startdatum ist erforderlich',
      endDate: 'Enddatum ist erforderlich',
    });
    const reversed = await owner.post('/api/services', servicePayload(orgId, { startDate: '2026-07-01T12:00:00.000Z', endDate: '2026-07-01T10:00:00.000Z' }));
    expect(json<ApiErrorBody>(reversed).fields).toEqual({ endDate: 'Das Enddatum muss nach dem Startdatum liegen' });
    const noOrg = await owner.post('/api/services', servicePayload(orgId, { organizationId: undefined }));
    expect(json<ApiErrorBody>(noOrg).fields).toEqual({ organizationId: 'Bitte wählen Sie eine Organisation aus' });
    const service = await createServiceVia(owner, orgId);
    const editReversed = await owner.patch(`/api/services/${service.id}`, { endDate: '2000-01-01T00:00:00.000Z' });
    expect(json<ApiErrorBody>(editReversed).fields).toEqual({ endDate: 'Enddatum muss nach dem Startdatum liegen' });
  });

  it('edits fields with the access code, archives only ended services, completes and deletes', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const running = await createServiceVia(owner, orgId);
    const edited = await owner.patch(`/api/services/${running.id}`, { name: 'Stadtfest 2026', accessCode: 'A17-STADT', organizationId: 999 });
    expect(edited.json()).toMatchObject({ name: 'Stadtfest 2026', accessCode: 'A17-STADT', location: 'Marktplatz 1', organizationId: orgId });
    expect(json<Service>(edited).version).toBeGreaterThan(running.version);

    const early = await owner.request({ method: 'PATCH', url: `/api/services/${running.id}/archive` });
    expect(early.statusCode).toBe(409);
    expect(json<ApiErrorBody>(early).message).toBe('Nur beendete Sanitätsdienste können archiviert werden.');
    const past = await createServiceVia(owner, orgId, { startDate: new Date(Date.now() - 10 * hour).toISOString(), endDate: new Date(Date.now() - hour).toISOString() });
    expect(json<Service>(await owner.request({ method: 'PATCH', url: `/api/services/${past.id}/archive` })).status).toBe('archived');
    expect(json<Service>(await owner.request({ method: 'PATCH', url: `/api/services/${running.id}/complete` })).status).toBe('completed');
    expect((await owner.request({ method: 'DELETE', url: `/api/services/${running.id}` })).statusCode).toBe(200);
    expect((await owner.get(`/api/services/${running.id}`)).statusCode).toBe(404);
  });

  it('makes a blocked service or organisation read-only with 423', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const service = await createServiceVia(owner, orgId);
    await app.db.updateTable('services').set({ isBlocked: 1 }).where('id', '=', service.id).execute();
    const edit = await owner.patch(`/api/services/${service.id}`, { name: 'Neuer Name' });
    expect(edit.statusCode).toBe(423);
    expect(json<ApiErrorBody>(edit).message).toBe('Dieser Sanitätsdienst ist gesperrt. Änderungen sind nicht möglich.');
    expect(json<Service>(await owner.get(`/api/services/${service.id}`)).isBlocked).toBe(true);
    await app.db.updateTable('organizations').set({ isBlocked: 1 }).where('id', '=', orgId).execute();
    expect((await owner.post('/api/services', servicePayload(orgId))).statusCode).toBe(423);
  });
});
