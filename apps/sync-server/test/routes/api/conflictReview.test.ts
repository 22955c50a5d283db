import { describe, expect, it } from 'vitest';
import { createProtocolVia } from '../../helpers/protocols';
import { serviceTeam } from '../../helpers/serviceTeam';
import { registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { ApiErrorBody, FieldRevision, ProtocolDetail, Service } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { anyString } from '../../helpers/matchers';

// 'Angaben geprüft' (docs/sync-protocol.md, Conflicts): `reviewed: true` clears the review flag of a
// service or protocol, but only when the device had seen every conflict kept so far.

const setup = serviceTeam;

describe('conflict review', () => {
  it('clears a protocol’s flag for a user who saw the conflict; a later conflict flags it again', async () => {
    const { medic, owner, service } = await setup();
    const { protocol } = await createProtocolVia(medic, service.id);
    const url = `/api/patient-protocols/${protocol.id}`;
    await medic.patch(url, { baseVersion: protocol.version, chiefComplaint: 'Tablet A' });
    const flagged = json<ProtocolDetail>(await owner.patch(url, { baseVersion: protocol.version, chiefComplaint: 'Tablet B' })).protocol;
    expect(flagged.needsReview).toBe(true);

    // A device that had not yet seen the conflicting version cannot confirm it.
    const stale = await medic.patch(url, { baseVersion: protocol.version, reviewed: true });
    expect(stale.statusCode).toBe(200);
    expect(json<ProtocolDetail>(stale).protocol.needsReview).toBe(true);

    const reviewed = await medic.patch(url, { baseVersion: flagged.version, reviewed: true });
    expect(json<ProtocolDetail>(reviewed).protocol).toMatchObject({ needsReview: false, chiefComplaint: 'Tablet B' });
    expect(json<ProtocolDetail>(reviewed).protocol.version).toBeGreaterThan(flagged.version);

    // Confirming and losing a field in the same update: the new conflict wins.
    await owner.patch(url, { baseVersion: json<ProtocolDetail>(reviewed).protocol.version, chiefComplaint: 'Tablet C' });
    const again = await medic.patch(url, { baseVersion: json<ProtocolDetail>(reviewed).protocol.version, chiefComplaint: 'Tablet D', reviewed: true });
    expect(json<ProtocolDetail>(again).protocol).toMatchObject({ needsReview: true, chiefComplaint: 'Tablet D' });
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

  it('shows the replaced clinical values to those who may read the record; replaced patient data stays on the server, never answered by REST', async () => {
    const { app, owner, medic, service } = await setup();
    const { protocol } = await createProtocolVia(medic, service.id);
    const url = `/api/patient-protocols/${protocol.id}`;
    await medic.patch(url, { baseVersion: protocol.version, chiefComplaint: 'Tablet A', patientData: { phone: '0170 111' } });
    await owner.patch(url, { baseVersion: protocol.version, chiefComplaint: 'Tablet B', patientData: { phone: '0170 222' } });
    const revisions = await medic.get(`${url}/revisions`);
    expect(revisions.statusCode).toBe(200);
    expect(revisions.json()).toEqual([
      { entity: 'protocol', field: 'chiefComplaint', replacedValue: 'Tablet A', newValue: 'Tablet B', changedAt: anyString(), changedBy: anyString() },
    ]);
    // Kept, encrypted under the server data key (docs/security.md "Patient data needs the unlocked device").
    const kept = await app.db.selectFrom('fieldRevisions').select(['field', 'replacedValue']).where('entity', '=', 'patientData').where('entityId', '=', protocol.id).execute();
    expect(kept.map((r) => r.field)).toEqual(['phone']);
    expect(kept[0]?.replacedValue).not.toContain('0170');
    const stranger = await registeredClient(app, 'fremd');
    expect((await stranger.get(`${url}/revisions`)).statusCode).toBe(404);

    await medic.patch(`${url}/discharge`, { dischargeStatus: 'stabil', dischargeDestination: 'Nach Hause', handoverTo: 'Ehefrau' });
    const afterDischarge = json<FieldRevision[]>(await medic.get(`${url}/revisions`));
    expect(afterDischarge.map((r) => r.entity)).toEqual(['protocol']);

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
