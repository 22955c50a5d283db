import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ApiErrorBody, OrganizationStatistics } from '@sanidok/schema';
import { berlinMonth } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { json } from '../../helpers/json';
import { addMember } from '../../helpers/organizations';
import { createProtocolVia, dischargePayload } from '../../helpers/protocols';
import { serviceTeam } from '../../helpers/serviceTeam';
import { createServiceVia } from '../../helpers/services';
import { registeredClient } from '../../helpers/testApp';

function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sanidok-report-')), 'report.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A service with 2 minor treatments, 3 protocols (two handed over, one released), measures and material. */
async function seededService() {
  const context = await serviceTeam();
  const { medic, service, material } = context;
  const pflaster = await material('Blasenpflaster');
  await medic.post('/api/minor-treatments', { serviceId: service.id, patientName: 'Jürgen Müller', description: 'Blase versorgt', materials: [{ id: pflaster, quantity: 3 }] });
  await medic.post('/api/minor-treatments', { serviceId: service.id, patientName: 'Erika Beispiel', description: 'Zecke entfernt', materials: [] });
  const outcomes = ['ambulance', 'ambulance', 'released'] as const;
  const protocols = [];
  for (const outcome of outcomes) {
    const { protocol } = await createProtocolVia(medic, service.id);
    await medic.post(`/api/patient-protocols/${protocol.id}/treatment-entries`, { id: randomUUID(), time: '10:00', text: 'Blutdruck gemessen', performer: 'helfer1' });
    const discharged = await medic.patch(`/api/patient-protocols/${protocol.id}/discharge`, { ...dischargePayload, dischargeOutcome: outcome, dischargeDestination: outcome === 'ambulance' ? 'Klinikum Nord' : 'Nach Hause' });
    expect(discharged.statusCode).toBe(200);
    protocols.push(protocol);
  }
  return { ...context, pflaster, protocols };
}

describe('event report: the server builds it with the device’s code', () => {
  it('answers PDF and CSV with the structured figures of the database, no patient name and no clinical text', async () => {
    const { medic, service } = await seededService();
    const csvResponse = await medic.post(`/api/services/${service.id}/event-report`, { format: 'csv', remarks: 'Ruhiger Dienst' });
    expect(csvResponse.statusCode).toBe(200);
    expect(csvResponse.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvResponse.headers['content-disposition']).toContain("filename*=UTF-8''Einsatzbericht-Stadtfest-Musterstadt.csv");
    expect(csvResponse.headers['cache-control']).toContain('no-store');
    const csv = csvResponse.body;
    expect(csv).toContain('Patienten;Bagatellbehandlungen;2');
    expect(csv).toContain('Patienten;Patientenprotokolle;3');
    expect(csv).toContain('Ausgang der Versorgung (Patientenprotokolle);An den Rettungsdienst übergeben;2');
    expect(csv).toContain('Ausgang der Versorgung (Patientenprotokolle);Vor Ort entlassen;1');
    // The texts it would count by are the clinical part, which REST answers to no one, the team
    // included (docs/security.md "Clinical data follows the team"): the device's report has them.
    expect(csv).not.toContain('Klinikum Nord');
    expect(csv).not.toContain('Blutdruck gemessen');
    expect(csv).toContain('Verbrauchtes Material;Blasenpflaster;3;Stück');
    expect(csv).toContain('Bemerkungen;;Ruhiger Dienst');
    expect(csv).toMatch(/Team;olga;\d+,\d;Stunden/);
    for (const name of ['Jürgen', 'Müller', 'Erika', 'Beispiel']) expect(csv).not.toContain(name);

    const pdfResponse = await medic.post(`/api/services/${service.id}/event-report`, {});
    expect(pdfResponse.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdfResponse.rawPayload);
    expect(text).toMatch(/Patientenprotokolle\s+3/);
    expect(text).toMatch(/An den Rettungsdienst übergeben\s+2/);
    expect(text).toMatch(/Blasenpflaster\s+3\s+Stück/);
    for (const name of ['Jürgen', 'Müller', 'Erika', 'Beispiel']) expect(text).not.toContain(name);
  });

  it('refuses bad input in German and strangers with 404', async () => {
    const { app, medic, service } = await seededService();
    const bad = await medic.post(`/api/services/${service.id}/event-report`, { format: 'docx', remarks: 'x'.repeat(2001) });
    expect(bad.statusCode).toBe(400);
    expect(json<ApiErrorBody>(bad).fields).toEqual({ format: 'Bitte wählen Sie PDF oder CSV.', remarks: 'Die Bemerkungen dürfen höchstens 2000 Zeichen lang sein' });
    const stranger = await registeredClient(app, 'fremder');
    expect((await stranger.post(`/api/services/${service.id}/event-report`, {})).statusCode).toBe(404);
  });
});

const incidentId = randomUUID();
const manvIncidentRow = (serviceId: string, organizationId: number) => ({
  id: incidentId, serviceId, organizationId, name: 'Bühne', startedAt: new Date().toISOString(), endedAt: null, blueEnabled: 0, createdById: null, createdAt: new Date().toISOString(), version: 1,
});
const manvPatientRow = (id: string, serviceId: string, organizationId: number, duplicateOf: string | null) => ({
  id, incidentId, serviceId, organizationId, tagNumber: id.slice(0, 4), treatmentArea: null, personEnc: null, duplicateOf, protocolId: null,
  transportJson: null, createdById: null, createdAt: new Date().toISOString(), receivedAt: new Date().toISOString(), version: 1,
});

describe('organisation statistics', () => {
  it('shows the seeded month to owner and admins, with transport rate, time on site and material cost', async () => {
    const { app, owner, medic, orgId, pflaster, service } = await seededService();
    await app.db.updateTable('materials').set({ unitPriceCents: 45 }).where('id', '=', pflaster).execute();
    // A second service last year: outside the default period.
    await createServiceVia(owner, orgId, { name: 'Altes Fest', startDate: '2025-01-10T09:00:00.000Z', endDate: '2025-01-10T18:00:00.000Z' });
    // Two tags in MANV mode, one of them entered twice and merged: two persons, not among the patients.
    const manvIds = [randomUUID(), randomUUID(), randomUUID()];
    await app.db.insertInto('manvIncidents').values(manvIncidentRow(service.id, orgId)).execute();
    await app.db.insertInto('manvPatients').values(manvIds.map((id, i) => manvPatientRow(id, service.id, orgId, i === 2 ? manvIds[1] ?? null : null))).execute();
    const response = await owner.get(`/api/organizations/${orgId}/statistics`);
    expect(response.statusCode).toBe(200);
    const stats = json<OrganizationStatistics>(response);
    const month = berlinMonth(new Date());
    expect(stats.to).toBe(month);
    expect(stats.months).toHaveLength(12);
    expect(stats.months.at(-1)).toMatchObject({ month, services: 1, minorTreatments: 2, protocols: 3, patients: 5, transported: 2, closedProtocols: 3, materialCostCents: 135, materialUnitsWithoutPrice: 0, manvPersons: 2 });
    expect(stats.total).toMatchObject({ services: 1, patients: 5, transported: 2, manvPersons: 2 });
    expect(stats.total.averageMinutesOnSite).toBeGreaterThanOrEqual(0);
    expect(stats.services).toEqual([expect.objectContaining({ name: 'Stadtfest Musterstadt', patients: 5 })]);

    const old = json<OrganizationStatistics>(await owner.get(`/api/organizations/${orgId}/statistics?from=2025-01&to=2025-03`));
    expect(old.months.map((m) => [m.month, m.services])).toEqual([['2025-01', 1], ['2025-02', 0], ['2025-03', 0]]);
    expect(old.total).toMatchObject({ services: 1, patients: 0, averageMinutesOnSite: null });

    const member = await medic.get(`/api/organizations/${orgId}/statistics`);
    expect([member.statusCode, json<ApiErrorBody>(member).message]).toEqual([403, 'Nur der Inhaber oder ein Administrator darf die Statistik sehen.']);
    const admin = await addMember(app, owner, orgId, 'adam', 'admin');
    expect((await admin.get(`/api/organizations/${orgId}/statistics`)).statusCode).toBe(200);
  });

  it('refuses periods that are malformed, reversed or longer than 36 months, in German', async () => {
    const { owner, orgId } = await seededService();
    const cases: [string, string][] = [
      ['from=2026-13', 'Bitte geben Sie einen Monat im Format JJJJ-MM an.'],
      ['from=2026-05&to=2026-01', 'Der Beginn des Zeitraums liegt nach seinem Ende.'],
      ['from=2020-01&to=2026-01', 'Der Zeitraum darf höchstens 36 Monate umfassen.'],
    ];
    for (const [query, message] of cases) {
      const response = await owner.get(`/api/organizations/${orgId}/statistics?${query}`);
      expect([response.statusCode, json<ApiErrorBody>(response).message], query).toEqual([400, message]);
    }
  });
});
