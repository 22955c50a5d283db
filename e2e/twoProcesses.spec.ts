import { expect, test } from './support/consoleGuard';
import { controlledByServiceWorker, createMaterialViaApi, createRunningServiceViaApi, registerViaApi, setOffline } from './support/api';
import { createProtocolViaDialog, recordSimpleVitals, waitUntilProtocolCaptureReady } from './support/protocolScreens';
import { createOrganizationWithKeyViaUi, expectOutboxDrained, tabletContextOptions } from './support/protocolSetup';
import { openStoredPatientData } from './support/serverAtRest';
import { TwoProcesses, withPostgres } from './support/twoProcesses';
import { uniqueName, unlockWhenLocked } from './helpers';

/**
 * The offline patient case against two server processes on one PostgreSQL database,
 * behind a proxy that alternates between them request by request. The tablet's session, its
 * pulls and its pushes land on both processes; the case arrives complete and exactly once.
 * Needs a PostgreSQL server (E2E_DATABASE_URL / TEST_DATABASE_URL, else 127.0.0.1:5432).
 */
test('Ein Patientenfall offline, synchronisiert über zwei Serverprozesse hinter einem Proxy, kommt genau einmal an', async ({ browser }) => {
  test.setTimeout(240_000);
  const servers = await TwoProcesses.start();
  const context = await browser.newContext({ ...tabletContextOptions, baseURL: servers.url });
  try {
    const page = await context.newPage();
    // Every fresh load starts locked: unlock with the password registered below.
    await unlockWhenLocked(page);
    const userId = await registerViaApi(page.request, uniqueName('sani'));
    const organization = await createOrganizationWithKeyViaUi(page, `DRK Zwei Prozesse ${uniqueName('org')}`);
    await createMaterialViaApi(page.request, organization.id, 'Rettungsdecke', 'Stück');
    const serviceName = `Stadtlauf ${uniqueName('dienst')}`;
    const serviceId = await createRunningServiceViaApi(page.request, organization.id, serviceName);

    await page.goto('/patient-protocols');
    await controlledByServiceWorker(page);
    await waitUntilProtocolCaptureReady(page, serviceName, 'Rettungsdecke');

    await setOffline(context, page, true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Patientenprotokolle' })).toBeVisible();
    await createProtocolViaDialog(page, {
      firstName: 'Gerlinde', lastName: 'Zweiprozess', dateOfBirth: '1961-07-02', insurerSearch: 'AOK Bay', insurer: 'AOK Bayern',
      chiefComplaint: 'Kreislaufschwäche im Zielbereich', material: { search: 'decke', name: 'Rettungsdecke', quantity: 1 },
    });
    const detail = page.getByRole('region', { name: 'Protokolldetails' });
    const protocolId = new URL(page.url()).searchParams.get('id') ?? '';
    expect(protocolId).toMatch(/^[0-9a-f-]{36}$/);
    await detail.getByRole('button', { name: 'Vitalparameter', exact: true }).click();
    await recordSimpleVitals(page, { systolic: '105', diastolic: '65', heartRate: '98', oxygenSaturation: '97', painScale: '2' });

    await setOffline(context, page, false);
    await expectOutboxDrained(page, userId, 60_000);
    // Both processes served the tablet's sync (pulls and pushes alternate between them).
    expect(servers.syncHits[0]).toBeGreaterThan(0);
    expect(servers.syncHits[1]).toBeGreaterThan(0);

    // Through the proxy, whichever process answers: the protocol, and no patient name nor clinical
    // text for the session cookie (docs/security.md "Patient data needs the unlocked device",
    // "Clinical data follows the team").
    for (let i = 0; i < 2; i += 1) {
      const reply = await page.request.get(`/api/patient-protocols/${protocolId}`, { headers: { 'x-sanidok-client': 'e2e' } });
      expect(reply.status()).toBe(200);
      const body = (await reply.json()) as { protocol: { id: string; chiefComplaint: string | null }; patientData: unknown };
      expect(body.protocol).toMatchObject({ id: protocolId, chiefComplaint: null });
      expect(body.patientData).toBeNull();
    }
    // Exactly once in the database: one protocol, numbered 1, its patient data (opened with the
    // processes' data key), one vital-sign record, one material use.
    const stored = await withPostgres(servers.databaseUrl, async (client) => ({
      protocols: (await client.query<{ n: string; complaint: string }>('select service_protocol_number as n, chief_complaint as complaint from patient_protocols where service_id = $1', [serviceId])).rows,
      patientData: (await client.query<{ data_enc: string }>('select data_enc from protocol_patient_data where protocol_id = $1', [protocolId])).rows,
      vitals: (await client.query('select id from vital_sign_records where protocol_id = $1', [protocolId])).rowCount,
      usage: (await client.query('select id from material_usage where source_id = $1', [protocolId])).rowCount,
    }));
    expect(stored.protocols.map((p) => [Number(p.n), p.complaint])).toEqual([[1, 'Kreislaufschwäche im Zielbereich']]);
    const opened = await Promise.all(stored.patientData.map((row) => openStoredPatientData(servers.dataKey, protocolId, row.data_enc)));
    expect(opened.map((d) => d.lastName)).toEqual(['Zweiprozess']);
    expect(stored.vitals).toBe(1);
    expect(stored.usage).toBe(1);
  } finally {
    await context.close();
    await servers.dispose();
  }
});
