import { randomUUID } from 'node:crypto';
import { openSealedPatientData } from '@sanidok/crypto';
import type { ProtocolDetail, PullResponse, PushResponse, Service } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { databaseFiles, databaseTraces, sealingTeam } from '../../helpers/archive';
import { json } from '../../helpers/json';
import { dischargePayload, protocolPayload } from '../../helpers/protocols';
import { createServiceVia } from '../../helpers/services';
import type { Client } from '../../helpers/testApp';

const hour = 3_600_000;
const closed = 'Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.';
const patient = { firstName: 'Adelgunde', lastName: 'Pfefferkorn', dateOfBirth: '1939-11-02', gender: 'weiblich', address: 'Mühlgasse 12' };

/** An ended service (archivable) with one open protocol captured by the medic's tablet. */
async function setup() {
  const { app, owner, medic, org, service } = await sealingTeam({ startDate: new Date(Date.now() - 10 * hour).toISOString(), endDate: new Date(Date.now() - hour).toISOString() });
  const tablet = randomUUID();
  const seqs = new Map<string, number>();
  const push = (client: Client, device: string, name: string, args: Record<string, unknown>) => {
    const seq = (seqs.get(device) ?? 0) + 1;
    seqs.set(device, seq);
    return client.post('/api/sync/push', { deviceId: device, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ mutationId: randomUUID(), seq, name, createdAt: new Date().toISOString(), args }] });
  };
  const create = { ...protocolPayload(service.id, { patientData: patient }), createdAt: new Date().toISOString() };
  expect(json<PushResponse>(await push(medic, tablet, 'protocol.create', create)).results[0]?.status).toBe('applied');
  const serverCopy = (await app.db.selectFrom('protocolPatientData').select('dataEnc').where('protocolId', '=', create.id).executeTakeFirstOrThrow()).dataEnc;
  return { app, owner, medic, org, service, tablet, push, protocolId: create.id, serverCopy };
}

describe('archiving seals everything', () => {
  it('seals an open protocol\'s patient data before archiving: 0 bytes of the patient or of the server copy in file and WAL', async () => {
    const { app, owner, medic, org, service, protocolId, serverCopy } = await setup();
    // The search works: the server-key copy is in the files before.
    expect(await databaseTraces(app, [serverCopy])).not.toEqual([]);

    const archived = await owner.request({ method: 'PATCH', url: `/api/services/${service.id}/archive` });
    expect(json<Service>(archived).status).toBe('archived');
    await app.archive.flush();

    expect(await app.db.selectFrom('protocolPatientData').selectAll().execute()).toEqual([]);
    const sealed = await app.db.selectFrom('sealedPatientData').selectAll().where('protocolId', '=', protocolId).executeTakeFirstOrThrow();
    expect(sealed).toMatchObject({ sealedBy: 'server', keyFingerprint: org.keys.fingerprint, serviceId: service.id });
    expect((await openSealedPatientData(org.secret, { organizationId: org.id, protocolId }, sealed.envelope)).patientData).toEqual(patient);
    expect(await databaseTraces(app, ['Adelgunde', 'Pfefferkorn', 'Mühlgasse', serverCopy])).toEqual([]);
    // SQLite: the search covered the WAL too (PostgreSQL answers with its rows: test/helpers/databaseContent.ts).
    const searched = (await databaseFiles(app)).map((f) => f.path);
    expect(searched.some((p) => p.endsWith('-wal') || p === 'PostgreSQL (Zeilen)')).toBe(true);

    // Devices are told to drop their copy; archiving closed the patient-data window, so the clinical
    // part leaves the REST reply too (docs/security.md "Clinical data follows the team").
    const pull = json<PullResponse>(await medic.get('/api/sync/pull'));
    expect(pull.changes).toContainEqual(expect.objectContaining({ entity: 'patientData', op: 'delete', id: protocolId }));
    expect(JSON.stringify(pull.changes)).not.toContain('Pfefferkorn');
    expect(json<ProtocolDetail>(await medic.get(`/api/patient-protocols/${protocolId}`))).toMatchObject({ patientData: null, protocol: { chiefComplaint: null } });
  });

  it('a tablet offline with edits during the archiving gets the discharged answer, sees each rejection, and nothing of the patient lands on the server', async () => {
    const { app, owner, medic, service, tablet, push, protocolId } = await setup();
    expect(json<Service>(await owner.request({ method: 'PATCH', url: `/api/services/${service.id}/archive` })).status).toBe('archived');

    // The tablet comes back online with its outbox: an edit of the patient data, vitals, a discharge.
    const update = json<PushResponse>(await push(medic, tablet, 'protocol.update', { id: protocolId, baseVersion: 1, updatedAt: new Date().toISOString(), chiefComplaint: 'Sturz', patientData: { phone: '0170 3141592', lastName: 'Pfefferkorn-Neu' } }));
    expect(update.results[0]).toMatchObject({ status: 'rejected', code: 'CONFLICT', message: closed });
    const vitals = json<PushResponse>(await push(medic, tablet, 'vitals.record', { id: randomUUID(), protocolId, recordedAt: new Date().toISOString(), values: [{ parameterType: 'heart_rate', value: '90' }] }));
    expect(vitals.results[0]).toMatchObject({ status: 'rejected', code: 'CONFLICT', message: closed });
    const discharge = json<PushResponse>(await push(medic, tablet, 'protocol.discharge', { id: protocolId, ...dischargePayload, dischargedAt: new Date().toISOString() }));
    expect(discharge.results[0]).toMatchObject({ status: 'rejected', code: 'CONFLICT', message: closed });
    // The same answer as for a discharged protocol, by REST too.
    const rest = await medic.patch(`/api/patient-protocols/${protocolId}`, { baseVersion: 1, chiefComplaint: 'Sturz' });
    expect(rest.statusCode).toBe(409);
    expect(rest.json()).toMatchObject({ message: closed });

    // The quarantine keeps what the device sent only as ids and field names.
    const quarantine = await app.db.selectFrom('syncQuarantine').select(['name', 'args', 'message']).orderBy('seq').execute();
    expect(quarantine.map((q) => [q.name, q.message])).toEqual([['protocol.update', closed], ['vitals.record', closed], ['protocol.discharge', closed]]);
    expect(JSON.parse(quarantine[0]?.args ?? 'null')).toMatchObject({ id: protocolId, omittedFields: ['chiefComplaint', 'patientData'] });
    await app.archive.flush();
    expect(await databaseTraces(app, ['Pfefferkorn', '0170 3141592', 'Ehefrau'])).toEqual([]);
    expect(await app.db.selectFrom('sealedPatientData').select('protocolId').execute()).toEqual([{ protocolId }]);
  });

  it('archiving by sync (service.archive) seals the same way; the archived mail says what is true', async () => {
    const { app, owner, service, push, protocolId, serverCopy } = await setup();
    const archived = json<PushResponse>(await push(owner, randomUUID(), 'service.archive', { id: service.id }));
    expect(archived.results[0]?.status).toBe('applied');
    await app.archive.flush();
    expect(await app.db.selectFrom('sealedPatientData').select(['protocolId', 'sealedBy']).execute()).toEqual([{ protocolId, sealedBy: 'server' }]);
    expect(await databaseTraces(app, ['Adelgunde', serverCopy])).toEqual([]);

    const template = await app.db.selectFrom('emailTemplates').select(['textBody', 'htmlBody']).where('name', '=', 'service_archived').executeTakeFirstOrThrow();
    for (const body of [template.textBody, template.htmlBody]) {
      expect(body).toContain('Die persönlichen Patientendaten aller Protokolle sind mit dem Schlüssel der Organisation versiegelt und nur noch im Patientenarchiv mit diesem Schlüssel einsehbar.');
      expect(body).not.toContain('Die Patientenprotokolle sind verschlüsselt');
    }
  });

  it('a refused archive seals nothing', async () => {
    const { app, owner, medic, org, protocolId } = await setup();
    const running = await createServiceVia(owner, org.id);
    const early = await owner.request({ method: 'PATCH', url: `/api/services/${running.id}/archive` });
    expect(early.statusCode).toBe(409);
    const byMember = await medic.request({ method: 'PATCH', url: `/api/services/${(await app.db.selectFrom('patientProtocols').select('serviceId').executeTakeFirstOrThrow()).serviceId}/archive` });
    expect(byMember.statusCode).toBe(403);
    expect(await app.db.selectFrom('sealedPatientData').selectAll().execute()).toEqual([]);
    expect(await app.db.selectFrom('protocolPatientData').select('protocolId').execute()).toEqual([{ protocolId }]);
  });

  it('seals at start the open protocols of a service archived before archiving sealed them', async () => {
    const { app, org, service, protocolId } = await setup();
    // As an older version left it: archived, the open protocol's server-key copy still there.
    await app.db.updateTable('services').set({ status: 'archived' }).where('id', '=', service.id).execute();
    await app.close();
    const restarted = await buildApp({ ...app.config });
    try {
      expect(await restarted.db.selectFrom('protocolPatientData').selectAll().execute()).toEqual([]);
      const sealed = await restarted.db.selectFrom('sealedPatientData').selectAll().where('protocolId', '=', protocolId).executeTakeFirstOrThrow();
      expect((await openSealedPatientData(org.secret, { organizationId: org.id, protocolId }, sealed.envelope)).patientData.lastName).toBe('Pfefferkorn');
    } finally {
      await restarted.close();
    }
  });
});
