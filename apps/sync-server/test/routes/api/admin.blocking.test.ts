import { describe, expect, it } from 'vitest';
import { adminClient, auditActions, del } from '../../helpers/admin';
import { addMember, createOrganization } from '../../helpers/organizations';
import { createProtocolVia, dischargePayload } from '../../helpers/protocols';
import { createServiceVia, servicePayload } from '../../helpers/services';
import { createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { AdminOrganization, AdminService, ApiErrorBody, Material, OrganizationListItem, Service } from '@sanidok/schema';

async function setup() {
  const app = await createTestApp();
  const admin = await adminClient(app);
  const owner = await registeredClient(app, 'olga');
  const { id: orgId } = await createOrganization(owner, 'DRK Musterstadt');
  const medic = await addMember(app, owner, orgId, 'mona');
  const service = await createServiceVia(owner, orgId);
  await registeredClient(app, 'gast');
  return { app, admin, owner, medic, orgId, service };
}

const hour = 3_600_000;

describe('admin: organisations and services', () => {
  it('lists organisations and services with search, counts, activity and block state', async () => {
    const { admin, owner, orgId, service } = await setup();
    await createServiceVia(owner, orgId, { name: 'Marathon Nord', startDate: new Date(Date.now() + 48 * hour).toISOString(), endDate: new Date(Date.now() + 50 * hour).toISOString() });
    const organizations = json<AdminOrganization[]>(await admin.get('/api/admin/organizations'));
    expect(organizations).toEqual([
      expect.objectContaining({ id: orgId, name: 'DRK Musterstadt', ownerUsername: 'olga', memberCount: 2, serviceCount: 2, isBlocked: false, patientRecordCount: 0, archivedProtocolCount: 0 }),
    ]);
    expect((await admin.get('/api/admin/organizations?search=musterSTADT')).json()).toHaveLength(1);
    expect((await admin.get('/api/admin/organizations?search=asb')).json()).toHaveLength(0);
    const services = json<AdminService[]>(await admin.get('/api/admin/services'));
    expect(services.map((s: { name: string }) => s.name)).toEqual(['Marathon Nord', 'Stadtfest Musterstadt']);
    expect(services[1]).toMatchObject({ id: service.id, organizationName: 'DRK Musterstadt', isBlocked: false, organizationBlocked: false });
    expect((await admin.get('/api/admin/services?search=marathon')).json()).toHaveLength(1);
    expect((await admin.get('/api/admin/services?search=drk')).json()).toHaveLength(2);
    expect((await admin.get('/api/admin/summary')).json()).toMatchObject({ organizations: 1, services: 2, activeServices: 1 });
    const tooLong = await admin.get(`/api/admin/services?search=${'x'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
  });

  it('a blocked organisation takes no new services, materials or invitations; reading stays; unblocking restores', async () => {
    const { app, admin, owner, medic, orgId } = await setup();
    const before = (await app.db.selectFrom('services').select('version').executeTakeFirstOrThrow()).version;
    const blocked = await admin.patch(`/api/admin/organizations/${orgId}/block`, { isBlocked: true, reason: 'Prüfung' });
    expect(blocked.json()).toMatchObject({ id: orgId, isBlocked: true });
    // Devices learn of the lock through the services' new version.
    expect((await app.db.selectFrom('services').select('version').executeTakeFirstOrThrow()).version).toBeGreaterThan(before);

    const locked = 'Diese Organisation ist gesperrt. Änderungen sind nicht möglich.';
    for (const response of [
      await owner.post('/api/services', servicePayload(orgId)),
      await owner.post('/api/materials', { name: 'Pflaster', unit: 'Stück', organizationId: orgId }),
      await owner.post(`/api/organizations/${orgId}/invite`, { username: 'gast', role: 'member' }),
    ]) {
      expect(response.statusCode).toBe(423);
      expect(response.json()).toEqual({ message: locked, code: 'BLOCKED' });
    }
    expect(json<OrganizationListItem[]>(await owner.get('/api/organizations'))[0]).toMatchObject({ isBlocked: true });
    expect(json<Service[]>(await medic.get('/api/services'))[0]).toMatchObject({ isBlocked: true });
    expect((await owner.get(`/api/organizations/${orgId}/members`)).statusCode).toBe(200);

    await admin.patch(`/api/admin/organizations/${orgId}/block`, { isBlocked: false });
    expect((await owner.post('/api/services', servicePayload(orgId))).statusCode).toBe(201);
    expect(await auditActions(app)).toEqual(['organization.block', 'organization.unblock']);
  });

  it('a blocked service is read-only for everyone in it', async () => {
    const { app, admin, owner, medic, service } = await setup();
    expect((await admin.patch(`/api/admin/services/${service.id}/block`, { isBlocked: true })).json()).toMatchObject({ isBlocked: true, organizationBlocked: false });
    const edit = await owner.patch(`/api/services/${service.id}`, { name: 'Umbenannt' });
    expect(edit.statusCode).toBe(423);
    expect(json<ApiErrorBody>(edit).message).toBe('Dieser Sanitätsdienst ist gesperrt. Änderungen sind nicht möglich.');
    expect((await medic.post('/api/minor-treatments', { serviceId: service.id, patientName: 'Jürgen Müller', description: 'Pflaster' })).statusCode).toBe(423);
    expect((await medic.get(`/api/services/${service.id}`)).json()).toMatchObject({ isBlocked: true, name: 'Stadtfest Musterstadt' });
    await admin.patch(`/api/admin/services/${service.id}/block`, { isBlocked: false });
    expect((await owner.patch(`/api/services/${service.id}`, { name: 'Umbenannt' })).statusCode).toBe(200);
    expect(await auditActions(app)).toEqual(['service.block', 'service.unblock']);
    expect((await admin.patch('/api/admin/services/kein-uuid/block', { isBlocked: true })).statusCode).toBe(404);
    expect((await admin.patch(`/api/admin/services/${service.id}/block`, {})).statusCode).toBe(400);
  });

  it('deletes a service without patient documentation on one click, and with it only when the name is typed', async () => {
    const { app, admin, owner, medic, orgId, service } = await setup();
    const empty = await createServiceVia(owner, orgId, { name: 'Leerer Dienst' });
    expect((await del(admin, `/api/admin/services/${empty.id}`)).json()).toEqual({ ok: true, deleted: { patientRecords: 0, archivedProtocols: 0 } });

    await medic.post('/api/minor-treatments', { serviceId: service.id, patientName: 'Jürgen Müller', description: 'Pflaster' });
    const { protocol } = await createProtocolVia(medic, service.id);
    await medic.patch(`/api/patient-protocols/${protocol.id}/discharge`, dischargePayload);
    expect(json<AdminService[]>(await admin.get('/api/admin/services'))[0]).toMatchObject({ patientRecordCount: 2, archivedProtocolCount: 1 });

    const unconfirmed = await del(admin, `/api/admin/services/${service.id}`);
    expect(unconfirmed.statusCode).toBe(409);
    const message = 'Zum Löschen bitte den Namen „Stadtfest Musterstadt“ zur Bestätigung eingeben.';
    expect(unconfirmed.json()).toEqual({ message, code: 'CONFIRMATION_REQUIRED', fields: { confirmName: message } });
    expect((await del(admin, `/api/admin/services/${service.id}`, { confirmName: 'Stadtfest' })).statusCode).toBe(409);
    expect(await app.db.selectFrom('patientProtocols').select('id').execute()).toHaveLength(1);

    const confirmed = await del(admin, `/api/admin/services/${service.id}`, { confirmName: ' Stadtfest Musterstadt ' });
    expect(confirmed.json()).toEqual({ ok: true, deleted: { patientRecords: 2, archivedProtocols: 1 } });
    for (const table of ['services', 'patientProtocols', 'protocolPatientData', 'minorTreatments'] as const) {
      expect(await app.db.selectFrom(table).selectAll().execute(), table).toHaveLength(0);
    }
    expect(await app.db.selectFrom('syncTombstones').select('entityId').where('entity', '=', 'service').orderBy('version').execute()).toEqual([{ entityId: empty.id }, { entityId: service.id }]);
    const entry = await app.db.selectFrom('adminAuditLog').selectAll().where('targetId', '=', service.id).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'service.delete', targetName: 'Stadtfest Musterstadt' });
    expect(JSON.parse(entry.details ?? '{}')).toEqual({ organization: 'DRK Musterstadt', patientRecords: 2, archivedProtocols: 1, confirmedByName: true });
  });

  it('deletes an organisation with everything in it, sealed protocols only after the name is typed', async () => {
    const { app, admin, owner, medic, orgId, service } = await setup();
    const material = json<Material>(await owner.post('/api/materials', { name: 'Pflaster', unit: 'Stück', organizationId: orgId })).id;
    await medic.post('/api/minor-treatments', { serviceId: service.id, patientName: 'Jürgen Müller', description: 'Pflaster', materials: [{ id: material, quantity: 1 }] });
    const { protocol } = await createProtocolVia(medic, service.id);
    await medic.patch(`/api/patient-protocols/${protocol.id}/discharge`, dischargePayload);

    const refused = await del(admin, `/api/admin/organizations/${orgId}`, { confirmName: 'drk musterstadt' });
    expect(refused.json()).toMatchObject({ code: 'CONFIRMATION_REQUIRED' });
    expect((await owner.get('/api/organizations')).json()).toHaveLength(1);

    const done = await del(admin, `/api/admin/organizations/${orgId}`, { confirmName: 'DRK Musterstadt' });
    expect(done.json()).toEqual({ ok: true, deleted: { patientRecords: 2, archivedProtocols: 1 } });
    expect((await owner.get('/api/organizations')).json()).toEqual([]);
    expect((await medic.get('/api/sync/pull')).json()).toMatchObject({ organizations: [], changes: [] });
    for (const table of ['organizations', 'organizationMembers', 'materials', 'materialUsage', 'services', 'patientProtocols', 'minorTreatments'] as const) {
      expect(await app.db.selectFrom(table).selectAll().execute(), table).toHaveLength(0);
    }
    expect(await app.db.selectFrom('users').select('username').where('username', 'in', ['olga', 'mona']).execute()).toHaveLength(2);
    const entry = await app.db.selectFrom('adminAuditLog').selectAll().where('action', '=', 'organization.delete').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details ?? '{}')).toEqual({ services: 1, patientRecords: 2, archivedProtocols: 1, confirmedByName: true });
    expect((await del(admin, `/api/admin/organizations/${orgId}`)).statusCode).toBe(404);
  });

  it('deletes an organisation without patient documentation without a typed name', async () => {
    const { admin, owner } = await setup();
    const { id } = await createOrganization(owner, 'Leere Organisation');
    expect((await del(admin, `/api/admin/organizations/${id}`)).json()).toEqual({ ok: true, deleted: { patientRecords: 0, archivedProtocols: 0 } });
  });
});
