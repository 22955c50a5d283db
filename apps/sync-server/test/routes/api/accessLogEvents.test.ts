import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AccessLogItem, MinorTreatment, PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { createOrganization } from '../../helpers/organizations';
import { createProtocolVia } from '../../helpers/protocols';
import { serviceTeam } from '../../helpers/serviceTeam';
import type { Client } from '../../helpers/testApp';
import { registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';

/**
 * Opening a service's patient list and showing a minor treatment's full name are
 * logged (docs/security.md "Access logging"), through the same mutation as opening and printing a
 * protocol; the owner's tab lists them.
 */

async function setup() {
  const team = await serviceTeam();
  const treatment = json<MinorTreatment>(
    await team.medic.post('/api/minor-treatments', { serviceId: team.service.id, patientName: 'Jürgen Müller', description: 'Pflaster geklebt' }),
  );
  return { ...team, treatment };
}

async function push(client: Client, deviceId: string, events: Record<string, unknown>[], firstSeq = 1): Promise<PushResponse> {
  const occurredAt = new Date(Date.now() - 60_000).toISOString();
  const mutations = events.map((args, index) => ({ mutationId: randomUUID(), seq: firstSeq + index, name: 'accessLog.record', args: { occurredAt, ...args }, createdAt: occurredAt }));
  return json<PushResponse>(await client.post('/api/sync/push', { deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations }));
}

describe('access events beyond protocols', () => {
  it('stores the patient list and the full name, once each, and shows them to the owner', async () => {
    const { app, owner, medic, orgId, service, treatment } = await setup();
    const listOpened = { id: randomUUID(), actionType: 'patient_list_opened', serviceId: service.id };
    const nameShown = { id: randomUUID(), actionType: 'minor_treatment_name_viewed', minorTreatmentId: treatment.id };
    const reply = await push(medic, randomUUID(), [listOpened, nameShown, listOpened]);
    expect(reply.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);

    // The set-up's team assignment is logged too ('other', "Einteilung geändert"): not under test here.
    const rows = await app.db.selectFrom('accessLogs').selectAll().where('actionType', '!=', 'other').orderBy('id').execute();
    const { name: serviceName } = await app.db.selectFrom('services').select('name').where('id', '=', service.id).executeTakeFirstOrThrow();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actionType: 'patient_list_opened', organizationId: orgId, serviceId: service.id, patientProtocolId: null, eventId: listOpened.id, userEmail: 'mona@example.de',
      details: `Dienst „${serviceName}“: Patientenliste des Dienstes geöffnet (über Synchronisation gemeldet)`,
    });
    expect(rows[1]).toMatchObject({ actionType: 'minor_treatment_name_viewed', serviceId: service.id, patientProtocolId: null, eventId: nameShown.id });
    expect(rows[1]?.details).toContain(treatment.id);
    expect(rows[1]?.details).toContain('Vollständiger Name einer Bagatellbehandlung angezeigt');
    // The log names the record, never the patient.
    expect(rows[1]?.details).not.toContain('Müller');

    const tab = json<AccessLogItem[]>(await owner.get(`/api/organizations/${orgId}/access-logs`));
    expect(tab.map((l) => l.actionType).filter((action) => action !== 'other').sort()).toEqual(['minor_treatment_name_viewed', 'patient_list_opened']);
    expect(tab.find((l) => l.actionType === 'patient_list_opened')).toMatchObject({ serviceId: service.id, patientProtocolId: null, user: { username: 'mona' } });
  });

  it('logs a FHIR export of a protocol like a print (docs/fhir.md)', async () => {
    const { app, owner, medic, orgId, service } = await setup();
    const { protocol } = await createProtocolVia(medic, service.id);
    const exported = { id: randomUUID(), actionType: 'fhir_export', protocolId: protocol.id };
    const result = await push(medic, randomUUID(), [exported]);
    expect(result.results.map((r) => [r.status, r.message])).toEqual([['applied', undefined]]);
    const row = await app.db.selectFrom('accessLogs').selectAll().where('actionType', '=', 'fhir_export').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ organizationId: orgId, serviceId: service.id, patientProtocolId: protocol.id, eventId: exported.id });
    expect(row.details).toContain('Protokoll als FHIR-Dokument exportiert');
    const tab = json<AccessLogItem[]>(await owner.get(`/api/organizations/${orgId}/access-logs`));
    expect(tab.some((l) => l.actionType === 'fhir_export' && l.user.username === 'mona')).toBe(true);
  });

  it('refuses an event without its record, with another kind of record, or for a stranger, in German and without a row', async () => {
    const { app, medic, service, treatment } = await setup();
    const stranger = await registeredClient(app, 'otto');
    await createOrganization(stranger, 'Fremde Wache');
    const cases: [Client, Record<string, unknown>, string][] = [
      [medic, { id: randomUUID(), actionType: 'patient_list_opened' }, 'Ungültiger Sanitätsdienst'],
      [medic, { id: randomUUID(), actionType: 'minor_treatment_name_viewed', minorTreatmentId: 'nein' }, 'Ungültige Bagatellbehandlung'],
      [medic, { id: randomUUID(), actionType: 'patient_list_opened', serviceId: service.id, protocolId: randomUUID() }, 'Diese Angabe passt nicht zur Zugriffsart'],
      [medic, { id: randomUUID(), actionType: 'protocol_opened', serviceId: service.id }, 'Ungültiges Protokoll'],
      [medic, { id: randomUUID(), actionType: 'minor_treatment_name_viewed', minorTreatmentId: randomUUID() }, 'Bagatellbehandlung nicht gefunden'],
      [stranger, { id: randomUUID(), actionType: 'patient_list_opened', serviceId: service.id }, 'Sanitätsdienst nicht gefunden'],
      [stranger, { id: randomUUID(), actionType: 'minor_treatment_name_viewed', minorTreatmentId: treatment.id }, 'Bagatellbehandlung nicht gefunden'],
    ];
    for (const [client, event, message] of cases) {
      const [result] = (await push(client, randomUUID(), [event])).results;
      expect([result?.status, result?.message]).toEqual(['rejected', message]);
    }
    expect(await app.db.selectFrom('accessLogs').select('id').where('actionType', '!=', 'other').execute()).toEqual([]);
  });
});
