import { randomUUID } from 'node:crypto';
import { encodeOrganizationSecret, openSealedPatientData, publicKeysToBase64Url, sealPatientDataForDischarge, signArchiveProof } from '@sanidok/crypto';
import type { AccessLogItem, ApiErrorBody, ArchiveAccessFailureItem, ArchiveKeyFailureBody, ArchiveProtocolsResponse, ProtocolDetail, PullResponse, PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { adminClient } from '../../helpers/admin';
import { archiveUrls, createOrganizationWithSecret, databaseFiles, openArchive, requestChallenge, sealingTeam } from '../../helpers/archive';
import { addMember } from '../../helpers/organizations';
import { pullAsDevice, registerDevice } from '../../helpers/deviceKeys';
import { createProtocolVia, dischargePayload, protocolPayload, storedPatientData, storedProtocol } from '../../helpers/protocols';
import { createServiceVia } from '../../helpers/services';
import { Client, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import { smtpCredentials, startSmtpServer } from '../../helpers/smtp';
import { anyString } from '../../helpers/matchers';

const wrongKeyMessage = 'Verschlüsselungsschlüssel ist falsch. Bitte prüfen Sie den Schlüssel.';

const setup = () => sealingTeam();

async function dischargedProtocol(medic: Client, serviceId: string, patientData: Record<string, string> = { firstName: 'Hildegard', lastName: 'Quastenberg' }) {
  const created = await createProtocolVia(medic, serviceId, { patientData: { ...patientData, dateOfBirth: '1951-03-08', gender: 'weiblich', phone: '0171 5550123' } });
  const discharged = await medic.patch(`/api/patient-protocols/${created.protocol.id}/discharge`, dischargePayload);
  if (discharged.statusCode !== 200) throw new Error(discharged.body);
  return created.protocol;
}

describe('sealing at discharge', () => {
  it('seals to the organisation key, deletes every server-key copy, and the database file keeps no trace', async () => {
    const { app, owner, medic, org, service } = await setup();
    const created = await createProtocolVia(medic, service.id, {
      patientData: { firstName: 'Hildegard', lastName: 'Quastenberg', dateOfBirth: '1951-03-08', address: 'Lindenallee 17' },
    });
    const id = created.protocol.id;
    // Two concurrent phone edits: the replaced value is kept (server key) until discharge.
    await medic.patch(`/api/patient-protocols/${id}`, { baseVersion: created.protocol.version, patientData: { phone: '0170 1112223' } });
    await owner.patch(`/api/patient-protocols/${id}`, { baseVersion: created.protocol.version, patientData: { phone: '0170 4445556' } });
    const serverKeyCopies = [
      (await app.db.selectFrom('protocolPatientData').select('dataEnc').where('protocolId', '=', id).executeTakeFirstOrThrow()).dataEnc,
      ...(await app.db.selectFrom('fieldRevisions').select(['replacedValue', 'newValue']).where('entity', '=', 'patientData').execute()).flatMap((r) => [r.replacedValue, r.newValue]),
    ].filter((v): v is string => v !== null);
    expect(serverKeyCopies.length).toBeGreaterThanOrEqual(3);
    // The search works: before the discharge the ciphertexts are in the files.
    const before = Buffer.concat((await databaseFiles(app)).map((f) => f.bytes));
    expect(serverKeyCopies.some((c) => before.includes(Buffer.from(c)))).toBe(true);

    const response = await medic.patch(`/api/patient-protocols/${id}/discharge`, dischargePayload);
    expect(response.json()).toMatchObject({ protocol: { status: 'discharged' }, patientData: null });
    await app.archive.flush();

    expect(await app.db.selectFrom('protocolPatientData').selectAll().execute()).toEqual([]);
    expect(await app.db.selectFrom('fieldRevisions').selectAll().where('entity', '=', 'patientData').execute()).toEqual([]);
    const sealed = await app.db.selectFrom('sealedPatientData').selectAll().executeTakeFirstOrThrow();
    expect(sealed).toMatchObject({ protocolId: id, organizationId: org.id, serviceId: service.id, keyFingerprint: org.keys.fingerprint, sealedBy: 'server' });
    expect(JSON.parse(sealed.envelope)).toMatchObject({ v: 1, alg: 'HPKE-Base-X25519-SHA256-AES256GCM', kid: org.keys.fingerprint });

    // Neither the main file nor the WAL holds a server-key copy or a readable name any more.
    const files = await databaseFiles(app);
    for (const { path, bytes } of files) {
      for (const copy of serverKeyCopies) expect(bytes.includes(Buffer.from(copy)), `${path}: Server-Schlüssel-Kopie`).toBe(false);
      for (const text of ['Quastenberg', 'Hildegard', 'Lindenallee', '0170 1112223', '0170 4445556']) {
        expect(bytes.includes(Buffer.from(text, 'utf8')), `${path}: ${text}`).toBe(false);
        expect(bytes.includes(Buffer.from(text, 'utf16le')), `${path}: ${text} (UTF-16)`).toBe(false);
      }
    }
    expect(files.find((f) => f.path.endsWith('-wal'))?.bytes.length ?? 0).toBe(0);

    // Only the organisation secret opens it; the replaced value travels with the record.
    const opened = await openSealedPatientData(org.secret, { organizationId: org.id, protocolId: id }, sealed.envelope);
    expect(opened.patientData).toEqual({ firstName: 'Hildegard', lastName: 'Quastenberg', dateOfBirth: '1951-03-08', address: 'Lindenallee 17', phone: '0170 4445556' });
    expect(opened.replacedValues).toEqual([expect.objectContaining({ field: 'phone', value: '0170 1112223' })]);
    expect(opened.sealedBy).toBe('server');

    // Devices are told to drop their copy; vitals and treatment entries stay readable.
    const pull = json<PullResponse>(await medic.get('/api/sync/pull'));
    expect(pull.changes).toContainEqual(expect.objectContaining({ entity: 'patientData', op: 'delete', id }));
    expect(pull.changes.filter((c) => c.entity === 'patientData' && c.op === 'upsert')).toEqual([]);
    expect((await medic.get(`/api/patient-protocols/${id}/vital-signs`)).statusCode).toBe(200);
    expect((await medic.get(`/api/patient-protocols/${id}`)).json()).toMatchObject({ protocol: { id }, patientData: null });
    // The clinical row stays on the server (REST answers it to no one: docs/security.md "Clinical data follows the team").
    expect(await storedProtocol(app, id)).toMatchObject({ chiefComplaint: 'Synkope nach längerem Stehen' });
  });

  it('keeps the envelope a device sealed offline when it was made from the latest patient data', async () => {
    const { app, medic, org, service } = await setup();
    const created = await createProtocolVia(medic, service.id);
    // The medic's tablet, which registered its key with the password: its pull carries the patient data.
    const pulled = await pullAsDevice(medic, await registerDevice(medic));
    const organization = pulled.organizations.find((o) => o.id === org.id);
    const change = pulled.changes.find((c) => c.entity === 'patientData' && c.id === created.protocol.id);
    if (!organization || change?.entity !== 'patientData' || change.op !== 'upsert' || !change.data.patientData) throw new Error('Organisation oder Patientendaten fehlen im Pull');
    const seal = await sealPatientDataForDischarge(organization, created.protocol.id, change.data.patientData);

    const device = randomUUID();
    const mutation = { mutationId: randomUUID(), seq: 1, name: 'protocol.discharge', createdAt: new Date().toISOString(),
      args: { id: created.protocol.id, ...dischargePayload, ...seal, patientDataVersion: change.data.version } };
    const push = json<PushResponse>(await medic.post('/api/sync/push', { deviceId: device, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [mutation] }));
    expect(push.results[0]?.status).toBe('applied');
    // The push carried no plaintext patient data.
    expect(JSON.stringify(mutation)).not.toContain('Jürgen');

    const sealed = await app.db.selectFrom('sealedPatientData').selectAll().executeTakeFirstOrThrow();
    expect(sealed.sealedBy).toBe('device');
    expect(JSON.parse(sealed.envelope)).toEqual(seal.sealedPatientData);
    expect(await app.db.selectFrom('protocolPatientData').selectAll().execute()).toEqual([]);
    const opened = await openSealedPatientData(org.secret, { organizationId: org.id, protocolId: created.protocol.id }, sealed.envelope);
    expect(opened.patientData.lastName).toBe('Müller');
  });

  it('keeps the envelope of a tablet that created and discharged the protocol offline (no pulled version, the same data)', async () => {
    const { app, medic, service } = await setup();
    const [organization] = json<PullResponse>(await medic.get('/api/sync/pull')).organizations;
    if (!organization) throw new Error('Organisation fehlt im Pull');
    // The create reached the server first in the same push: the device never saw a version.
    const created = await createProtocolVia(medic, service.id);
    const seal = await sealPatientDataForDischarge(organization, created.protocol.id, { ...protocolPayload(service.id).patientData, gender: 'männlich' });
    const mutation = { mutationId: randomUUID(), seq: 1, name: 'protocol.discharge', createdAt: new Date().toISOString(), args: { id: created.protocol.id, ...dischargePayload, ...seal } };
    const push = json<PushResponse>(await medic.post('/api/sync/push', { deviceId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION, mutations: [mutation] }));
    expect(push.results[0]?.status).toBe('applied');
    const sealed = await app.db.selectFrom('sealedPatientData').selectAll().executeTakeFirstOrThrow();
    expect(sealed.sealedBy).toBe('device');
    expect(JSON.parse(sealed.envelope)).toEqual(seal.sealedPatientData);
  });

  it('seals its own newer copy when the device missed an edit, and refuses another key and a malformed envelope', async () => {
    const { app, owner, medic, org, service } = await setup();
    const device = randomUUID();
    const [organization] = json<PullResponse>(await medic.get('/api/sync/pull')).organizations;
    if (!organization) throw new Error('Organisation fehlt im Pull');
    const push = (seq: number, args: Record<string, unknown>) =>
      medic.post('/api/sync/push', { deviceId: device, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ mutationId: randomUUID(), seq, name: 'protocol.discharge', createdAt: new Date().toISOString(), args }] });

    // 1. Another tablet changed the phone after this device's pull.
    const first = await createProtocolVia(medic, service.id);
    const stale = await sealPatientDataForDischarge(organization, first.protocol.id, { firstName: 'Jürgen', lastName: 'Müller' });
    await owner.patch(`/api/patient-protocols/${first.protocol.id}`, { patientData: { phone: '0151 999' } });
    expect(json<PushResponse>(await push(1, { id: first.protocol.id, ...dischargePayload, ...stale, patientDataVersion: first.protocol.version })).results[0]?.status).toBe('applied');
    const firstSealed = await app.db.selectFrom('sealedPatientData').selectAll().where('protocolId', '=', first.protocol.id).executeTakeFirstOrThrow();
    expect(firstSealed.sealedBy).toBe('server');
    expect((await openSealedPatientData(org.secret, { organizationId: org.id, protocolId: first.protocol.id }, firstSealed.envelope)).patientData.phone).toBe('0151 999');

    // 2. Sealed to a key that is not the organisation's current one (foreign, or before a key
    // renewal): refused, the protocol stays open with its server copy (test/routes/api/dischargeProof.test.ts).
    const second = await createProtocolVia(medic, service.id);
    const foreignOrg = await createOrganizationWithSecret(await registeredClient(app, 'fremd'), 'Fremde Organisation');
    const foreign = await sealPatientDataForDischarge({ id: org.id, ...publicKeysToBase64Url(foreignOrg.keys) }, second.protocol.id, { firstName: 'X', lastName: 'Y' });
    expect(json<PushResponse>(await push(2, { id: second.protocol.id, ...dischargePayload, ...foreign, patientDataVersion: 0 })).results[0]).toMatchObject({ status: 'rejected', code: 'CONFLICT' });
    expect(await app.db.selectFrom('sealedPatientData').selectAll().where('protocolId', '=', second.protocol.id).execute()).toEqual([]);
    expect(await storedPatientData(app, second.protocol.id)).toMatchObject({ lastName: 'Müller' });

    // 3. Not an envelope: refused like any invalid argument; the protocol stays open.
    const third = await createProtocolVia(medic, service.id);
    const refused = json<PushResponse>(await push(3, { id: third.protocol.id, ...dischargePayload, sealedPatientData: { v: 1, alg: 'AES', kid: 'x', enc: 'y', ct: 'z' } }));
    expect(refused.results[0]).toMatchObject({ status: 'rejected', message: 'Die versiegelten Patientendaten sind ungültig. Bitte aktualisieren Sie die App.' });
    expect(json<ProtocolDetail>(await medic.get(`/api/patient-protocols/${third.protocol.id}`)).protocol.status).toBe('active');
  });

  it('seals protocols closed before sealing existed when the server starts', async () => {
    const { app, medic, org, service } = await setup();
    const created = await createProtocolVia(medic, service.id);
    // As an older version left it: closed, server-key copy still there.
    await app.db.updateTable('patientProtocols').set({ status: 'discharged' }).where('id', '=', created.protocol.id).execute();
    await app.close();
    const restarted = await buildApp({ ...app.config });
    try {
      expect(await restarted.db.selectFrom('protocolPatientData').selectAll().execute()).toEqual([]);
      const sealed = await restarted.db.selectFrom('sealedPatientData').selectAll().executeTakeFirstOrThrow();
      expect((await openSealedPatientData(org.secret, { organizationId: org.id, protocolId: created.protocol.id }, sealed.envelope)).patientData.firstName).toBe('Jürgen');
    } finally {
      await restarted.close();
    }
  });
});

describe('archive API', () => {
  it('lists archived services and releases sealed protocols with their clinical data to the owner only', async () => {
    const { app, owner, medic, org, service } = await setup();
    const admin = await addMember(app, owner, org.id, 'adam', 'admin');
    const outsider = await registeredClient(app, 'otto');
    const platformAdmin = await adminClient(app);
    const anonymous = new Client(app);
    const protocol = await dischargedProtocol(medic, service.id);
    await medic.post(`/api/patient-protocols/${protocol.id}/vital-signs`, { heartRate: 80 }).then((r) => expect(r.statusCode).toBe(409));
    await createProtocolVia(medic, service.id); // active: not archived
    const emptyService = await createServiceVia(owner, org.id, { name: 'Ohne Patienten' });
    const urls = archiveUrls(org.id, service.id);

    const list = await owner.get(urls.services);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: service.id, name: 'Stadtfest Musterstadt', location: 'Marktplatz 1', sealedProtocolCount: 1, lastDischargedAt: anyString() }),
    ]);
    expect(JSON.stringify(list.json())).not.toContain(emptyService.id);

    const refusals: [Client, number][] = [[admin, 403], [medic, 403], [outsider, 404], [platformAdmin, 403], [anonymous, 401]];
    for (const [client, status] of refusals) {
      expect((await client.get(urls.services)).statusCode).toBe(status);
      expect((await client.post(urls.challenge, {})).statusCode).toBe(status);
      // Even with a real, valid challenge of the owner and the right signature.
      const challenge = await requestChallenge(owner, org.id, service.id);
      const signature = await signArchiveProof(org.secret, challenge);
      const attempt = await client.post(urls.protocols, { proof: { challengeId: challenge.challengeId, signature } });
      expect(attempt.statusCode).toBe(status);
      expect(attempt.body).not.toContain('envelope');
    }
    expect((await owner.get('/api/organizations/999/archive/services')).statusCode).toBe(404);

    const opened = await openArchive(owner, org.id, service.id, org.secret);
    expect(opened.statusCode).toBe(200);
    const body = json<ArchiveProtocolsResponse>(opened);
    expect(body).toMatchObject({ organization: { id: org.id, name: 'DRK Musterstadt' }, keyFingerprint: org.keys.fingerprint, sealedToOtherKeys: 0, service: { id: service.id, sealedProtocolCount: 1 } });
    expect(body.protocols).toHaveLength(1);
    const [record] = body.protocols;
    expect(record?.protocol).toMatchObject({ id: protocol.id, status: 'discharged', chiefComplaint: 'Synkope nach längerem Stehen', allergies: 'Penicillin', dischargeDestination: 'Nach Hause' });
    expect(opened.body).not.toContain('Quastenberg');
    const patient = await openSealedPatientData(org.secret, { organizationId: org.id, protocolId: protocol.id }, record?.sealed.envelope ?? '');
    expect(patient.patientData).toMatchObject({ firstName: 'Hildegard', lastName: 'Quastenberg', gender: 'weiblich' });

    // Every release is in the owner's access log.
    const logs = json<AccessLogItem[]>(await owner.get(`/api/organizations/${org.id}/access-logs`));
    expect(logs).toContainEqual(expect.objectContaining({ actionType: 'protocol_opened', patientProtocolId: protocol.id, details: 'Patientenarchiv: Protokoll #1 abgerufen' }));
  });

  it('a challenge is good for one proof, by its user, for its service, within 5 minutes', async () => {
    const { app, owner, medic, org, service } = await setup();
    await dischargedProtocol(medic, service.id);
    const other = await createServiceVia(owner, org.id, { name: 'Marathon' });
    const urls = archiveUrls(org.id, service.id);
    const prove = async (challenge: Awaited<ReturnType<typeof requestChallenge>>, url = urls.protocols) =>
      owner.post(url, { proof: { challengeId: challenge.challengeId, signature: await signArchiveProof(org.secret, challenge) } });

    const challenge = await requestChallenge(owner, org.id, service.id);
    expect(challenge.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(challenge.expiresAt) - Date.now()).toBeGreaterThan(4.9 * 60_000);
    expect(Date.parse(challenge.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect((await prove(challenge)).statusCode).toBe(200);
    const replay = await prove(challenge);
    expect([replay.statusCode, json<ApiErrorBody>(replay).code]).toEqual([410, 'ARCHIVE_CHALLENGE_EXPIRED']);

    // Expired.
    const late = await requestChallenge(owner, org.id, service.id);
    await app.db.updateTable('archiveChallenges').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('id', '=', late.challengeId).execute();
    expect((await prove(late)).json()).toMatchObject({ code: 'ARCHIVE_CHALLENGE_EXPIRED', message: 'Die Schlüsselprüfung ist abgelaufen. Bitte geben Sie den Schlüssel erneut ein.' });

    // For another service: refused, and the signature would not fit it anyway.
    const forOther = await requestChallenge(owner, org.id, other.id);
    expect((await prove(forOther, urls.protocols)).statusCode).toBe(410);

    // A newer challenge replaces an older one of the same service.
    const older = await requestChallenge(owner, org.id, service.id);
    const newer = await requestChallenge(owner, org.id, service.id);
    expect((await prove(older)).statusCode).toBe(410);
    expect((await prove(newer)).statusCode).toBe(200);

    // None of these counted as a wrong key.
    expect(await app.db.selectFrom('archiveAccessFailures').selectAll().execute()).toEqual([]);
    const malformed = await owner.post(urls.protocols, { proof: { challengeId: 'x', signature: 'kurz' } });
    expect([malformed.statusCode, json<ApiErrorBody>(malformed).code]).toEqual([400, 'VALIDATION']);
  });

  it('counts wrong keys: 5 notify the platform admins by e-mail and in the archive-failures tab; a valid proof resets', async () => {
    const { app, owner, medic, org, service } = await setup();
    await dischargedProtocol(medic, service.id);
    const platformAdmin = await adminClient(app);
    await app.db.updateTable('users').set({ email: 'admin@sanidok.example' }).where('isAdmin', '=', 1).execute();
    // A real mail server on loopback: without one configured, mails are not sent (docs/decisions.md "E-mail not set up").
    const smtp = await startSmtpServer();
    const configured = await platformAdmin.post('/api/admin/email-configurations', {
      name: 'Loopback', host: '127.0.0.1', port: smtp.port, useTLS: false, username: smtpCredentials.username, password: smtpCredentials.password,
      fromEmail: 'noreply@sanidok.example', isActive: true,
    });
    expect(configured.statusCode).toBe(201);
    const wrong = await createOrganizationWithSecret(await registeredClient(app, 'fremd'), 'Fremd');

    const answers: ArchiveKeyFailureBody[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await openArchive(owner, org.id, service.id, wrong.secret);
      expect(response.statusCode).toBe(403);
      answers.push(json<ArchiveKeyFailureBody>(response));
    }
    expect(answers.map((a) => [a.failureCount, a.remainingAttempts, a.adminNotified])).toEqual([
      [1, 4, false], [2, 3, false], [3, 2, false], [4, 1, false], [5, 0, true], [6, 0, true],
    ]);
    expect(answers[0]).toEqual({ message: wrongKeyMessage, code: 'ARCHIVE_KEY_WRONG', failureCount: 1, maxAttempts: 5, remainingAttempts: 4, adminNotified: false });

    const failures = json<ArchiveAccessFailureItem[]>(await platformAdmin.get('/api/admin/archive-access-failures'));
    expect(failures).toHaveLength(6);
    expect(failures[0]).toMatchObject({ username: 'olga', userEmail: 'olga@example.de', organizationName: 'DRK Musterstadt', serviceName: 'Stadtfest Musterstadt', serviceLocation: 'Marktplatz 1', ipAddress: '127.0.0.1' });
    await app.mailer.flush();
    const alerts = await app.db.selectFrom('emailLogs').selectAll().where('templateName', '=', 'archive_access_alert').execute();
    expect(alerts.map((a) => a.toEmail)).toEqual(['admin@sanidok.example']); // once at 5, not again at 6
    expect(alerts[0]?.subject).toBe('Warnung: 5 Fehlversuche am Patientenarchiv');
    expect(alerts[0]?.status).toBe('sent');

    // The owner sees the attempts in the access log; a valid proof resets the count.
    expect((await owner.get(`/api/organizations/${org.id}/access-logs`)).json()).toContainEqual(
      expect.objectContaining({ actionType: 'other', details: 'Patientenarchiv „Stadtfest Musterstadt“: falscher Schlüssel (Fehlversuch 6)' }),
    );
    expect((await openArchive(owner, org.id, service.id, org.secret)).statusCode).toBe(200);
    expect(json<ArchiveKeyFailureBody>(await openArchive(owner, org.id, service.id, wrong.secret)).failureCount).toBe(1);

    // Failures older than 24 hours no longer count.
    await app.db.updateTable('archiveFailureCounters').set({ lastFailureAt: new Date(Date.now() - 25 * 3_600_000).toISOString() }).execute();
    expect(json<ArchiveKeyFailureBody>(await openArchive(owner, org.id, service.id, wrong.secret)).failureCount).toBe(1);
  });

  it('never accepts the organisation key itself', async () => {
    const { app, owner, medic, org, service } = await setup();
    await dischargedProtocol(medic, service.id);
    const keyText = encodeOrganizationSecret(org.secret);
    const urls = archiveUrls(org.id, service.id);
    for (const [url, body] of [
      [urls.protocols, { encryptionKey: keyText }],
      [urls.protocols, { encryptionKey: 'irgendwas' }],
      [urls.challenge, { key: keyText }],
      [urls.protocols, { proof: { challengeId: 'x', signature: keyText } }],
      [`/api/organizations/${org.id}/generate-key`, { encryptionKey: keyText }],
    ] as const) {
      const response = await owner.post(url, body);
      expect([response.statusCode, json<ApiErrorBody>(response).code], url).toEqual([400, 'SECRET_NOT_ACCEPTED']);
    }
    expect(await app.db.selectFrom('archiveAccessFailures').selectAll().execute()).toEqual([]);

    // Every write endpoint the server has, sent the key: nothing of it lands in the database.
    const secretHex = Buffer.from(org.secret).toString('hex');
    for (const route of app.apiRoutes.filter((r) => r.method !== 'GET')) {
      const url = route.url.replace(':orgId', String(org.id)).replace(':serviceId', service.id).replace(/:[a-zA-Z]+/g, String(org.id));
      const response = await owner.request({ method: route.method, url, payload: { encryptionKey: keyText, secret: secretHex } });
      expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
    }
    await app.archive.flush();
    for (const { path, bytes } of await databaseFiles(app)) {
      for (const text of [keyText, keyText.replace(/-/g, ''), secretHex]) expect(bytes.includes(Buffer.from(text)), path).toBe(false);
      expect(bytes.includes(Buffer.from(org.secret)), path).toBe(false);
    }
  });
});
