import { describe, expect, it } from 'vitest';
import { pulledHistory } from '../../helpers/deviceKeys';
import { createProtocolVia } from '../../helpers/protocols';
import { serviceTeam } from '../../helpers/serviceTeam';
import { registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { ApiErrorBody, ProtocolDetail, Service } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';

// 'Angaben geprüft' (docs/sync-protocol.md, Conflicts): `reviewed: true` clears the review flag of a
// service or protocol, but only when the device had seen every conflict kept so far.

const setup = serviceTeam;

describe('conflict review', () => {
  it('clears a protocol’s flag for a user who saw the conflict; a later conflict flags it again', async () => {
    const { app, medic, owner, service } = await setup();
    const { protocol } = await createProtocolVia(medic, service.id);
    const url = `/api/patient-protocols/${protocol.id}`;
    // REST answers no clinical field (docs/security.md "Clinical data follows the team"): the stored value is read here.
    const complaint = async () => (await app.db.selectFrom('patientProtocols').select('chiefComplaint').where('id', '=', protocol.id).executeTakeFirstOrThrow()).chiefComplaint;
    await medic.patch(url, { baseVersion: protocol.version, chiefComplaint: 'Tablet A' });
    const flagged = json<ProtocolDetail>(await owner.patch(url, { baseVersion: protocol.version, chiefComplaint: 'Tablet B' })).protocol;
    expect(flagged.needsReview).toBe(true);

    // A device that had not yet seen the conflicting version cannot confirm it.
    const stale = await medic.patch(url, { baseVersion: protocol.version, reviewed: true });
    expect(stale.statusCode).toBe(200);
    expect(json<ProtocolDetail>(stale).protocol.needsReview).toBe(true);

    const reviewed = await medic.patch(url, { baseVersion: flagged.version, reviewed: true });
    expect(json<ProtocolDetail>(reviewed).protocol).toMatchObject({ needsReview: false, chiefComplaint: null });
    expect(await complaint()).toBe('Tablet B');
    expect(json<ProtocolDetail>(reviewed).protocol.version).toBeGreaterThan(flagged.version);

    // Confirming and losing a field in the same update: the new conflict wins.
    await owner.patch(url, { baseVersion: json<ProtocolDetail>(reviewed).protocol.version, chiefComplaint: 'Tablet C' });
    const again = await medic.patch(url, { baseVersion: json<ProtocolDetail>(reviewed).protocol.version, chiefComplaint: 'Tablet D', reviewed: true });
    expect(json<ProtocolDetail>(again).protocol).toMatchObject({ needsReview: true });
    expect(await complaint()).toBe('Tablet D');
  });

  it('clears a service’s flag for its managers through the sync push too; members are refused', async () => {
    const { owner, medic, service } = await setup();
    const url = `/api/services/${service.id}`;
    await owner.patch(url, { baseVersion: service.version, location: 'Halle 1' });
    const flagged = json<Service>(await owner.patch(url, { baseVersion: service.version, location: 'Halle 2' }));
    expect(flagged.needsReview).toBe(true);

    const refused = await medic.patch(url, { baseVersion: flagged.version, reviewed: true });
    expect(refused.statusCode).toBe(403);
    expect(json<ApiErrorBody>(refused).message).toEqual(expect.any(String));

    const push = await owner.post('/api/sync/push', {
      deviceId: '0190a000-0000-7000-8000-00000000d001',
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: [{ mutationId: '0190a000-0000-7000-8000-00000000e001', seq: 1, name: 'service.update', args: { id: service.id, baseVersion: flagged.version, reviewed: true }, createdAt: new Date().toISOString() }],
    });
    expect(push.statusCode, push.body).toBe(200);
    expect((await owner.get(url)).json()).toMatchObject({ needsReview: false, location: 'Halle 2' });
  });

  it('sends the replaced values to the team\'s devices only, flagged and sealed; REST answers none', async () => {
    const { app, owner, medic, service } = await setup();
    const { protocol } = await createProtocolVia(medic, service.id);
    const url = `/api/patient-protocols/${protocol.id}`;
    await medic.patch(url, { baseVersion: protocol.version, chiefComplaint: 'Tablet A', patientData: { phone: '0170 111' } });
    await owner.patch(url, { baseVersion: protocol.version, chiefComplaint: 'Tablet B', patientData: { phone: '0170 222' } });
    // The conflict review lists the changes that replaced a concurrent edit: here the owner's two.
    const replaced = (await pulledHistory(medic, protocol.id)).filter((r) => r.replacedConcurrentEdit);
    expect(replaced.map(({ entity, field, oldValue, newValue }) => ({ entity, field, oldValue, newValue })).sort((a, b) => a.entity.localeCompare(b.entity))).toEqual([
      { entity: 'patientData', field: 'phone', oldValue: '0170 111', newValue: '0170 222' },
      { entity: 'protocol', field: 'chiefComplaint', oldValue: 'Tablet A', newValue: 'Tablet B' },
    ]);
    expect(replaced.every((r) => r.changedBy !== null)).toBe(true);
    // Kept, encrypted under the server data key (docs/security.md "Patient data needs the unlocked device").
    const kept = await app.db.selectFrom('fieldRevisions').select(['field', 'replacedValue']).where('entity', '=', 'patientData').where('entityId', '=', protocol.id).execute();
    expect(kept.map((r) => r.field)).toEqual(['phone']);
    expect(kept[0]?.replacedValue).not.toContain('0170');
    // REST has no replaced values of a protocol: a copied session cookie reads none.
    expect((await medic.get(`${url}/revisions`)).statusCode).toBe(404);
    const stranger = await registeredClient(app, 'fremd');
    expect(await pulledHistory(stranger, protocol.id)).toEqual([]);

    // A service's replaced values are no patient data: every member reads them by REST.
    await owner.patch(`/api/services/${service.id}`, { baseVersion: service.version, location: 'Halle 1' });
    await owner.patch(`/api/services/${service.id}`, { baseVersion: service.version, location: 'Halle 2' });
    expect((await medic.get(`/api/services/${service.id}/revisions`)).json()).toMatchObject([{ entity: 'service', field: 'location', replacedValue: 'Halle 1', newValue: 'Halle 2' }]);
  });

  it('refuses anything but `true` with a German message', async () => {
    const { owner, service } = await setup();
    const response = await owner.patch(`/api/services/${service.id}`, { reviewed: 'ja' });
    expect(response.statusCode).toBe(400);
    expect(json<ApiErrorBody>(response).message).toMatch(/[a-zäöü]/);
  });
});
