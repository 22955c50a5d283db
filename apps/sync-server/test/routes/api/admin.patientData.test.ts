import { describe, expect, it } from 'vitest';
import { adminClient } from '../../helpers/admin';
import { addMember, createOrganization } from '../../helpers/organizations';
import { createProtocolVia, dischargePayload } from '../../helpers/protocols';
import { createServiceVia } from '../../helpers/services';
import { createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { AdminService, MinorTreatment } from '@sanidok/schema';

/**
 * docs/spec/accounts.md §6: platform admins have no access to patient data. An admin who is no member of an
 * organisation gets nothing of its protocols or treatments from any endpoint, admin area included.
 */
describe('a platform admin cannot read patient data', () => {
  it('gets nothing from the patient endpoints, the pull or the admin lists', async () => {
    const app = await createTestApp();
    const admin = await adminClient(app);
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const medic = await addMember(app, owner, orgId, 'mona');
    const service = await createServiceVia(owner, orgId);
    const treatment = json<MinorTreatment>(await medic.post('/api/minor-treatments', { serviceId: service.id, patientName: 'Waltraud Kästner', description: 'Wespenstich Unterarm' }));
    const active = await createProtocolVia(medic, service.id, { patientData: { firstName: 'Heinrich', lastName: 'Vogelsang' }, chiefComplaint: 'Kreislaufschwäche' });
    const sealed = await createProtocolVia(medic, service.id, { patientData: { firstName: 'Gisela', lastName: 'Brandhuber' } });
    expect((await medic.patch(`/api/patient-protocols/${sealed.protocol.id}/discharge`, dischargePayload)).statusCode).toBe(200);
    const secrets = ['Waltraud', 'Kästner', 'Wespenstich', 'Heinrich', 'Vogelsang', 'Kreislaufschwäche', 'Gisela', 'Brandhuber'];

    const lists = {
      minorTreatments: await admin.get('/api/minor-treatments'),
      protocols: await admin.get('/api/patient-protocols'),
      pull: await admin.get('/api/sync/pull'),
      services: await admin.get('/api/services'),
    };
    expect(lists.minorTreatments.json()).toEqual([]);
    expect(lists.protocols.json()).toEqual([]);
    expect(lists.pull.json()).toMatchObject({ organizations: [], changes: [] });
    expect(lists.services.json()).toEqual([]);

    const direct = [
      `/api/patient-protocols/${active.protocol.id}`,
      `/api/patient-protocols/${sealed.protocol.id}`,
      `/api/patient-protocols/${active.protocol.id}/vital-signs`,
      `/api/patient-protocols/${active.protocol.id}/treatment-entries`,
      `/api/services/${service.id}/patient-protocols`,
      `/api/services/${service.id}/minor-treatments`,
      `/api/services/${service.id}`,
      `/api/organizations/${orgId}/access-logs`,
      `/api/materials/used?serviceId=${service.id}`,
    ];
    const adminArea = [
      '/api/admin/users', '/api/admin/organizations', '/api/admin/services', '/api/admin/summary', '/api/admin/audit-log',
      '/api/admin/archive-access-failures', '/api/admin/email-logs',
    ];
    for (const url of direct) expect((await admin.get(url)).statusCode, url).toBe(404);
    const bodies = [...Object.values(lists).map((r) => r.body), ...(await Promise.all([...direct, ...adminArea].map(async (url) => (await admin.get(url)).body)))];
    for (const body of bodies) for (const secret of [...secrets, treatment.id]) expect(body).not.toContain(secret);
    // The admin area shows counts only.
    expect(json<AdminService[]>(await admin.get('/api/admin/services'))[0]).toMatchObject({ patientRecordCount: 3, archivedProtocolCount: 1 });
  });
});
