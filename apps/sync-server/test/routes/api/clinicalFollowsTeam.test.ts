import { randomUUID } from 'node:crypto';
import type { PullResponse, SyncChange } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { openArchive } from '../../helpers/archive';
import type { TestDevice } from '../../helpers/deviceKeys';
import { openChange, registerDevice } from '../../helpers/deviceKeys';
import { json } from '../../helpers/json';
import { createProtocolVia } from '../../helpers/protocols';
import type { Client } from '../../helpers/testApp';
import { teamOfOne } from '../../helpers/teamWorld';

/**
 * docs/security.md "Clinical data follows the team": every clinical field and free text of
 * protocols, vital signs, treatment entries and minor treatments reaches the team only, by every
 * path (pull, REST, event report). Each text carries the marker "Quendel"; the vital values are
 * checked by shape (a number could occur in an id).
 */
const marker = 'Quendel';
const hour = 3_600_000;

async function seeded() {
  // Only Tina is on the team: the owner and Mona are members of the organisation, off the team.
  const { app, owner, org, tina, mona, service } = await teamOfOne();
  const clinical = {
    chiefComplaint: `${marker}schmerz`, initialAssessment: `${marker} blass`, allergies: `${marker}pollen`, medications: `${marker}tropfen`,
    pastHistory: `${marker}-Anamnese`, handlingInstructions: `${marker}-Hinweis`, helper1: `${marker}helfer`, symptoms: `${marker}symptom`,
  };
  const open = await createProtocolVia(tina, service.id, { patientData: { firstName: 'Petra', lastName: 'Teampatientin' }, ...clinical });
  const closed = await createProtocolVia(tina, service.id, { allergies: `${marker}nuss` });
  // An edit: the open protocol's history holds a revision (sync entity recordRevision).
  expect((await tina.patch(`/api/patient-protocols/${open.protocol.id}`, { baseVersion: open.protocol.version, symptoms: `${marker}verlauf` })).statusCode).toBe(200);
  expect((await tina.post(`/api/patient-protocols/${open.protocol.id}/vital-signs`, { heartRate: 97 })).statusCode).toBe(201);
  const entry = { id: randomUUID(), time: '10:00', text: `${marker}verband angelegt`, performer: 'custom', performerName: `Dr. ${marker}huber` };
  expect((await tina.post(`/api/patient-protocols/${open.protocol.id}/treatment-entries`, entry)).statusCode).toBe(201);
  const discharge = { dischargeStatus: 'stabil', dischargeOutcome: 'ambulance', dischargeDestination: `${marker}klinik`, handoverTo: `RTW ${marker}`, dischargeComment: `${marker} beschwerdefrei` };
  expect((await tina.patch(`/api/patient-protocols/${closed.protocol.id}/discharge`, discharge)).statusCode).toBe(200);
  const treatment = await tina.post('/api/minor-treatments', { serviceId: service.id, patientName: 'Karl Kleinpatient', description: `${marker}-Pflaster`, materials: [] });
  expect(treatment.statusCode).toBe(201);
  const idOf = async (client: Client) => json<{ id: number }>(await client.get('/api/user')).id;
  return { app, owner, tina, mona, org, service, openId: open.protocol.id, closedId: closed.protocol.id, tinaId: await idOf(tina), monaId: await idOf(mona) };
}

/**
 * Every page of a pull. With a registered device (as the PWA pulls), `changes` are opened with its
 * secret and `opened` is their text; `body` is always what travelled.
 */
async function pullAll(client: Client, query = '', from = '', device?: TestDevice): Promise<{ body: string; changes: SyncChange[]; cursor: string; opened: string }> {
  const changes: SyncChange[] = [];
  let body = '';
  let cursor = from;
  const named = device ? `${query}&deviceId=${device.deviceId}` : query;
  for (;;) {
    const response = await client.get(`/api/sync/pull?limit=1000${named}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.statusCode).toBe(200);
    body += response.body;
    const page = JSON.parse(response.body) as PullResponse;
    changes.push(...(device ? await Promise.all(page.changes.map((change) => openChange(device, change))) : page.changes));
    cursor = page.cursor;
    if (!page.hasMore) return { body, changes, cursor, opened: JSON.stringify(changes) };
  }
}

const upserts = (changes: SyncChange[], entity: SyncChange['entity']) =>
  changes.flatMap((c) => (c.op === 'upsert' && c.entity === entity ? [c as SyncChange & { data: Record<string, unknown> }] : []));

describe('the clinical part follows the service team', () => {
  it('no one, the team included, reads a clinical text or value from any GET of the API or the event report; off the team, nor from the pull', async () => {
    const { app, owner, tina, mona, org, service, openId } = await seeded();
    const ids: Record<string, string> = { organizations: String(org.id), services: service.id, 'patient-protocols': openId };
    const urlOf = (template: string) => template.replace(/\/([a-z-]+)\/:(?:id|orgId)/g, (_, resource: string) => `/${resource}/${encodeURIComponent(ids[resource] ?? 'x')}`);
    const gets = app.apiRoutes.filter((r) => r.method === 'GET' && !r.url.includes('/events')).map((r) => urlOf(r.url));

    // Tina is on the team: REST is what her copied session cookie reaches, so it answers her none either.
    for (const reader of [owner, mona, tina]) {
      const answers: { url: string; status: number; leaked: boolean }[] = [];
      for (const url of gets) {
        const response = await reader.get(url);
        answers.push({ url, status: response.statusCode, leaked: response.body.includes(marker) });
      }
      const report = await reader.post(`/api/services/${service.id}/event-report`, { format: 'csv' });
      answers.push({ url: 'event-report', status: report.statusCode, leaked: report.body.includes(marker) });
      // A pull by the session alone: without a registered device key the reader counts as off every team.
      const pulled = await pullAll(reader);
      answers.push({ url: 'pull', status: 200, leaked: pulled.body.includes(marker) });
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      expect(answers.filter((a) => a.leaked)).toEqual([]);
      // The reads did run and answered the rows, without their clinical part.
      expect(answers.find((a) => a.url === `/api/patient-protocols/${openId}/vital-signs`)?.status).toBe(200);
      expect(upserts(pulled.changes, 'protocol')).toHaveLength(2);
      expect(upserts(pulled.changes, 'vitalRecord').map((c) => c.data.values)).toEqual([[]]);
      expect(upserts(pulled.changes, 'treatmentEntry').map((c) => c.data.text)).toEqual(['']);
      expect(json<{ values: unknown[] }[]>(await reader.get(`/api/patient-protocols/${openId}/vital-signs`)).map((r) => r.values)).toEqual([[]]);
      expect(report.statusCode).toBe(200);
    }

    // The team's device reads all of it, sealed to its key in the pull.
    const team = await pullAll(tina, '', '', await registerDevice(tina));
    for (const text of ['schmerz', 'pollen', 'nuss', 'verband', 'huber', 'klinik', 'Pflaster', 'verlauf']) expect(team.opened).toContain(text);
    expect(upserts(team.changes, 'vitalRecord').map((c) => (c.data.values as unknown[]).length)).toEqual([1]);
  });

  it("the owner's archive, opened with the organisation key, shows the complete discharged protocol although she is off the team", async () => {
    const { owner, org, service, closedId } = await seeded();
    const opened = await openArchive(owner, org.id, service.id, org.secret);
    expect(opened.statusCode).toBe(200);
    const [record] = json<{ protocols: { protocol: Record<string, unknown> }[] }>(opened).protocols;
    expect(record?.protocol).toMatchObject({ id: closedId, allergies: `${marker}nuss`, dischargeDestination: `${marker}klinik`, handoverTo: `RTW ${marker}` });
  });

  it('seals the clinical part to the device key of a team member; a device off the team gets it withheld', async () => {
    const { tina, owner } = await seeded();
    const device = await registerDevice(tina);
    const { body, changes } = await pullAll(tina, `&deviceId=${device.deviceId}`);
    expect(body).not.toContain(marker);
    const sealed = new Set(changes.filter((c) => c.op === 'upsert' && c.sealed !== undefined).map((c) => c.entity));
    expect([...sealed].sort()).toEqual(['minorTreatment', 'patientData', 'protocol', 'recordRevision', 'treatmentEntry', 'vitalRecord']);
    const opened = await Promise.all(changes.map((change) => openChange(device, change)));
    for (const text of ['schmerz', 'pollen', 'nuss', 'verband', 'huber', 'klinik', 'Pflaster']) expect(JSON.stringify(opened)).toContain(text);
    expect(upserts(opened, 'vitalRecord').map((c) => (c.data.values as unknown[]).length)).toEqual([1]);

    const ownerDevice = await registerDevice(owner);
    const foreign = await pullAll(owner, `&deviceId=${ownerDevice.deviceId}`);
    expect(foreign.changes.filter((c) => c.op === 'upsert' && c.sealed !== undefined)).toEqual([]);
    expect(foreign.body).not.toContain(marker);
  });

  it('re-sends the clinical part to a member added later, and withholds it once the window has closed', async () => {
    const { app, owner, mona, service, tinaId, monaId } = await seeded();
    const device = await registerDevice(mona);
    const before = await pullAll(mona, '', '', device);
    expect(before.opened).not.toContain(marker);
    await owner.put(`/api/services/${service.id}/team`, { userIds: [tinaId, monaId] });
    const after = await pullAll(mona, '', before.cursor, device);
    for (const entity of ['protocol', 'vitalRecord', 'treatmentEntry', 'minorTreatment', 'recordRevision'] as const) expect(upserts(after.changes, entity).length).toBeGreaterThan(0);
    for (const text of ['pollen', 'nuss', 'verband', 'klinik', 'Pflaster', 'verlauf']) expect(after.opened).toContain(text);

    // 25 h after the planned end the team holds nothing of it any more, by REST or by the pull.
    const ended = { startDate: new Date(Date.now() - 40 * hour).toISOString(), endDate: new Date(Date.now() - 25 * hour).toISOString() };
    await app.db.updateTable('services').set(ended).where('id', '=', service.id).execute();
    expect((await pullAll(mona, '', '', device)).opened).not.toContain(marker);
    expect((await mona.get(`/api/services/${service.id}/patient-protocols`)).body).not.toContain(marker);
  });

  it('answers no patient identity by REST, to the team either: it travels only sealed to a device', async () => {
    const { tina, openId, service } = await seeded();
    for (const url of [`/api/patient-protocols/${openId}`, `/api/patient-protocols/${openId}/treatment-entries`, `/api/services/${service.id}/minor-treatments`, '/api/patient-protocols']) {
      const response = await tina.get(url);
      expect(response.statusCode).toBe(200);
      for (const name of ['Teampatientin', 'Karl Kleinpatient']) expect(response.body).not.toContain(name);
    }
  });

  it('the write replies of REST echo no clinical part either, the writer\'s own input included', async () => {
    const { tina, openId, service } = await seeded();
    const detail = json<{ protocol: { version: number } }>(await tina.get(`/api/patient-protocols/${openId}`));
    const replies = [
      await tina.patch(`/api/patient-protocols/${openId}`, { baseVersion: detail.protocol.version }),
      await tina.post(`/api/patient-protocols/${openId}/treatment-entries`, { id: randomUUID(), time: '11:00', text: `${marker}kühlung`, performer: 'custom', performerName: `${marker}mann` }),
      await tina.post(`/api/patient-protocols/${openId}/vital-signs`, { heartRate: 88 }),
      await tina.post('/api/minor-treatments', { serviceId: service.id, patientName: 'Paula Pflaster', description: `${marker}-Salbe`, materials: [] }),
    ];
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 201, 201, 201]);
    expect(JSON.stringify(await createProtocolVia(tina, service.id, { chiefComplaint: `${marker}neu` }))).not.toContain(marker);
    for (const reply of replies) expect(reply.body).not.toContain(marker);
    expect(replies[2]?.json<{ values: unknown[] }>().values).toEqual([]);
    expect(replies[3]?.body).not.toContain('Paula');
  });
});
