import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { controlledByServiceWorker, createMaterialViaApi, createRunningServiceViaApi, registerViaApi, setOffline } from './support/api';
import { deviceProtocol } from './support/protocolDevice';
import {
  addEntryWithWizard, createProtocolViaDialog, dischargeViaDialog, openEditTab, recordRichVitals, recordSimpleVitals, saveEditPage,
  waitUntilProtocolCaptureReady,
} from './support/protocolScreens';
import { databaseFilesContain, storedProtocolCase } from './support/protocolServerDb';
import { createOrganizationWithKeyViaUi, expectOutboxDrained, tabletContextOptions } from './support/protocolSetup';
import { OwnServer } from './support/ownServer';
import { screenshotsAtTabletSizes } from './support/screenshots';
import { validateFhir } from '@sanidok/reports/testing';
import { uniqueName } from './helpers';

/**
 * A whole patient case on a tablet without network — create, measure, treat,
 * print the ambulance handover, discharge — reaches the server complete and exactly once, with the
 * patient data sealed. The test runs its own server so it can read the SQLite file byte by byte.
 */

const patient = { firstName: 'Hiltrud', lastName: 'Zwirnmeier', dateOfBirth: '1958-03-14', insurer: 'AOK Bayern' };
const chiefComplaint = 'Synkope im Festzelt, kurz bewusstlos';
const discharge = { condition: 'Stabil', destination: 'Krankenhaus Nord', handoverTo: 'RTW Florian 4/83-1', comment: 'Beschwerdefrei übergeben' } as const;
const oxygenLine = '[10:15] Sauerstoffgabe 4 l/min über Nasenbrille (Helfer 1)';
const accessLine = '[10:20] Periphervenöser Zugang gelegt: Arm links, 20 G (rosa) (Helfer 1)';
/** The prints sign with the name typed as Helfer 1, not with the slot. */
const helper1 = 'Lea Lindner';
const signed = (line: string) => line.replace('(Helfer 1)', `(${helper1})`);
const naca = { label: 'NACA III – Stationäre Behandlung erforderlich, keine akute Lebensgefahr', code: '3' };
// What the archive result shows is captured on the tablet too.
const emergency = { contact: 'Waltraud Zwirnmeier (Tochter)', phone: '+49 171 5550123' };
const symptoms = 'Schwindel, kaltschweißig, Übelkeit';
/** German wall time in the date-time input; summer time, so 21:40 in Berlin is 19:40 UTC. */
const incident = { typed: '14.06.2025 21:40', stored: '2025-06-14T19:40:00.000Z', shown: '14.06.2025 21:40' };

/** The handover trend grid's row of one parameter: 'Blutdruck | 150/95 mmHg | 140/90 mmHg | –', oldest first. */
async function handoverVitalRow(popup: Page, parameter: string): Promise<string> {
  const row = popup.getByRole('row').filter({ has: popup.getByRole('cell', { name: parameter, exact: true }) });
  await expect(row).toHaveCount(1);
  return (await row.innerText()).replace(/\s+/g, ' ').trim();
}

test.describe('Patientenprotokolle offline', () => {
  test('Ein ganzer Patientenfall offline auf dem Tablet, von der Aufnahme bis zur Entlassung mit RTW-Übergabe, kommt vollständig und genau einmal auf dem Server an', async ({ browser }) => {
    // 150 s before the case gained the emergency contact, symptoms, incident time and a second offline
    // reload; on the shared two-core machine the whole case took up to 240 s.
    test.setTimeout(300_000);
    const server = await OwnServer.start();
    const context = await browser.newContext({ ...tabletContextOptions, baseURL: server.url });
    // The print window's print() is recorded instead of opening the system dialog.
    await context.addInitScript(() => {
      const calls: string[] = [];
      Object.defineProperty(window, 'sanidokPrintCalls', { value: calls });
      window.print = () => {
        calls.push(document.title);
      };
    });
    try {
      const page = await context.newPage();
      const userId = await registerViaApi(page, uniqueName('sani'));
      const organization = await createOrganizationWithKeyViaUi(page, `DRK Festzelt ${uniqueName('org')}`);
      const materialId = await createMaterialViaApi(page.request, organization.id, 'Rettungsdecke', 'Stück');
      const serviceName = `Oktoberfest ${uniqueName('dienst')}`;
      const serviceId = await createRunningServiceViaApi(page.request, organization.id, serviceName);

      // One visit online: the service worker installs, service, catalogue and key reach the device.
      await page.goto('/patient-protocols');
      await controlledByServiceWorker(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Patientenprotokolle' })).toBeVisible();
      await waitUntilProtocolCaptureReady(page, serviceName, 'Rettungsdecke');

      // No coverage in the tent; the app still starts (served by the service worker).
      await setOffline(context, page, true);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Patientenprotokolle' })).toBeVisible();

      await createProtocolViaDialog(page, {
        ...patient, insurerSearch: 'AOK Bay', chiefComplaint, material: { search: 'decke', name: 'Rettungsdecke', quantity: 2 },
      });
      const detail = page.getByRole('region', { name: 'Protokolldetails' });
      await expect(detail.getByRole('heading', { name: `Patient: ${patient.firstName} ${patient.lastName}` })).toBeVisible();
      await expect(detail).toContainText('Protokoll (vorläufig)');
      const protocolId = new URL(page.url()).searchParams.get('id') ?? '';
      expect(protocolId).toMatch(/^[0-9a-f-]{36}$/);

      // First measurement with the simple dialog of the detail card.
      await detail.getByRole('button', { name: 'Vitalparameter', exact: true }).click();
      await recordSimpleVitals(page, { systolic: '150', diastolic: '95', heartRate: '112', oxygenSaturation: '93', painScale: '6' });

      // The edit page: two more measurements with the rich dialog.
      await detail.getByRole('link', { name: 'Bearbeiten' }).click();
      await expect(page).toHaveURL(new RegExp(`/patient-protocols/${protocolId}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Protokoll (vorläufig)' })).toBeVisible();
      await openEditTab(page, 'Vitalparameter');
      await expect(page.getByText('1 Messung vorhanden')).toBeVisible();
      await recordRichVitals(page, [
        { parameter: 'Blutdruck', inputs: { 'Systolisch (mmHg)': '140', 'Diastolisch (mmHg)': '90' } },
        { parameter: 'Herzfrequenz', inputs: { 'Herzfrequenz (/min)': '100' } },
        { parameter: 'SpO₂', inputs: { 'SpO₂ (%)': '96' } },
      ]);
      await recordRichVitals(page, [
        { parameter: 'Herzfrequenz', inputs: { 'Herzfrequenz (/min)': '88' } },
        { parameter: 'Temperatur', inputs: { 'Temperatur (°C)': '36,8' } },
      ]);
      await expect(page.getByText('3 Messungen vorhanden')).toBeVisible();

      // Two treatment lines through the parameter wizard: one found by search, one from the catalogue.
      await openEditTab(page, 'Behandlung');
      await addEntryWithWizard(page, {
        time: '10:15', via: { search: 'Sauerstoffgabe' }, sentence: 'Sauerstoffgabe [Sauerstoffmenge] über [Sauerstoffapplikation]',
        choices: ['4 l/min', 'Nasenbrille'], expectedLine: oxygenLine,
      });
      await addEntryWithWizard(page, {
        time: '10:20', via: { category: 'C – Kreislauf' }, sentence: 'Periphervenöser Zugang gelegt: [Körperregion] [Seite], [Venenverweilkanüle]',
        choices: ['Arm', 'links', '20 G (rosa)'], expectedLine: accessLine,
      });

      // Fields of the Patient and Befund tabs, saved together with 'Speichern'.
      await openEditTab(page, 'Patient');
      await page.getByRole('textbox', { name: 'Notfallkontakt', exact: true }).fill(emergency.contact);
      await page.getByRole('textbox', { name: 'Telefon Notfallkontakt', exact: true }).fill(emergency.phone);
      await openEditTab(page, 'Befund');
      await page.getByLabel('Zeitpunkt des Ereignisses').fill(incident.typed);
      await page.getByRole('textbox', { name: 'Symptome' }).fill(symptoms);
      await page.getByRole('textbox', { name: 'Allergien' }).fill('Penicillin');
      // NACA and diagnosis group as cards with their definitions; looked at on tablet and phone.
      await page.getByRole('radio', { name: naca.label }).click();
      await page.getByRole('radio', { name: 'Neurologische Erkrankung' }).click();
      // From the top: scrolled, the fixed header lies over the fields and counts as an overlap.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshotsAtTabletSizes(page, test.info(), 'befund-naca', { checkLayout: true });
      await openEditTab(page, 'Behandlung');
      await page.getByRole('textbox', { name: 'Helfer 1' }).fill(helper1);
      await saveEditPage(page);
      await expect.poll(async () => (await deviceProtocol(page, userId, protocolId)).textsEncrypted).toBe(true);
      // A reload without network shows them from the device.
      await page.reload();
      await openEditTab(page, 'Befund');
      await expect(page.getByRole('textbox', { name: 'Allergien' })).toHaveValue('Penicillin');
      await expect(page.getByLabel('Zeitpunkt des Ereignisses')).toHaveValue(incident.typed);
      await expect(page.getByRole('textbox', { name: 'Symptome' })).toHaveValue(symptoms);
      await openEditTab(page, 'Patient');
      await expect(page.getByRole('textbox', { name: 'Telefon Notfallkontakt', exact: true })).toHaveValue(emergency.phone);

      // RTW-Übergabe: a print window from the device's data, printed once.
      const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'RTW-Übergabe drucken' }).click()]);
      await expect(popup.getByRole('heading', { level: 1, name: 'RTW-Übergabe' })).toBeVisible();
      const sheet = popup.locator('body');
      await expect(sheet).toContainText(`${patient.firstName} ${patient.lastName}`);
      await expect(sheet).toContainText('14.03.1958');
      await expect(sheet).toContainText(patient.insurer);
      await expect(sheet).toContainText(chiefComplaint);
      await expect(sheet).toContainText('Penicillin');
      // Every measurement, oldest first: the first 150/95 stays beside the later values.
      expect(await handoverVitalRow(popup, 'Blutdruck')).toBe('Blutdruck 150/95 mmHg 140/90 mmHg –');
      expect(await handoverVitalRow(popup, 'Herzfrequenz')).toBe('Herzfrequenz 112 /min 100 /min 88 /min');
      expect(await handoverVitalRow(popup, 'SpO₂')).toBe('SpO₂ 93 % 96 % –');
      expect(await handoverVitalRow(popup, 'Schmerzskala')).toBe('Schmerzskala 6 – –');
      expect(await handoverVitalRow(popup, 'Temperatur')).toMatch(/^Temperatur – – 36[.,]8 °C$/);
      await expect(sheet).toContainText(naca.label);
      await expect(sheet).toContainText('Neurologische Erkrankung');
      await expect(popup.getByRole('listitem')).toHaveText([signed(oxygenLine), signed(accessLine)]);
      await expect.poll(() => popup.evaluate(() => (window as unknown as { sanidokPrintCalls: string[] }).sanidokPrintCalls)).toEqual([
        'RTW-Übergabe – Protokoll (vorläufig)',
      ]);
      await popup.close();

      // The FHIR R4 document for the receiving crew: offline, from the device's data, valid (docs/fhir.md).
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Als FHIR-Dokument exportieren' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^sanidok-protokoll-.+\.fhir\.json$/);
      const fhirText = readFileSync(await download.path(), 'utf8');
      expect(await validateFhir(JSON.parse(fhirText) as Parameters<typeof validateFhir>[0])).toEqual([]);
      for (const code of ['"85354-9"', '"8867-4"', '"59408-5"', '"8310-5"', '"72514-3"', patient.lastName, 'Sauerstoffgabe 4 l/min']) expect(fhirText).toContain(code);

      // Discharge, still offline: the patient data is sealed on the tablet.
      await dischargeViaDialog(page, discharge);
      const sidebar = page.getByRole('region', { name: 'Protokollübersicht' });
      await expect(sidebar.getByText('Entlassen', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Patient entlassen' })).toHaveCount(0);
      await expect(page.getByText('Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.')).toBeVisible();

      // A reload without network keeps all of it.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Protokoll (vorläufig)' })).toBeVisible();
      await expect(sidebar.getByText('Entlassen', { exact: true })).toBeVisible();
      await expect(sidebar).toContainText('Krankenhaus Nord');
      await expect(sidebar).toContainText('RTW Florian 4/83-1');
      await expect(page.getByRole('button', { name: 'Patient entlassen' })).toHaveCount(0);
      await openEditTab(page, 'Behandlung');
      const entries = page.getByRole('list', { name: 'Dokumentierte Maßnahmen' }).getByRole('listitem');
      await expect(entries).toHaveCount(2);
      await expect(entries).toContainText([oxygenLine, accessLine]);
      await openEditTab(page, 'Vitalparameter');
      await expect(page.getByText('3 Messungen vorhanden')).toBeVisible();
      expect(await deviceProtocol(page, userId, protocolId)).toEqual({
        status: 'discharged', textsEncrypted: true, needsReview: false, hasPatientData: true, vitalRecords: 3, treatmentEntries: 2,
      });
      expect(storedProtocolCase(server.databasePath, serviceId).protocols).toHaveLength(0);

      // Coverage returns: the outbox drains on its own.
      const reconnectedAt = new Date().toISOString();
      await setOffline(context, page, false);
      await expectOutboxDrained(page, userId);
      await expect(page.getByTestId('sync-pending')).toHaveCount(0);

      const stored = storedProtocolCase(server.databasePath, serviceId);
      expect(stored.protocols).toHaveLength(1);
      expect(stored.protocols[0]).toMatchObject({
        id: protocolId, serviceProtocolNumber: 1, status: 'discharged', chiefComplaint, allergies: 'Penicillin', dischargeStatus: 'stabil', dischargeOutcome: 'ambulance',
        dischargeDestination: discharge.destination, handoverTo: discharge.handoverTo, dischargeComment: discharge.comment, needsReview: 0,
        symptoms, incidentTime: incident.stored, naca: naca.code, diagnosisGroup: 'neuro',
      });
      expect(stored.protocols[0]?.dischargedAt ?? '').toBeTruthy();
      expect((stored.protocols[0]?.dischargedAt ?? '') < reconnectedAt).toBe(true);
      expect(stored.vitalRecords).toBe(3);
      expect(stored.vitalValues.sort()).toEqual(
        ['blood_pressure=150/95', 'heart_rate=112', 'oxygen_saturation=93', 'pain_scale=6', 'blood_pressure=140/90', 'heart_rate=100', 'oxygen_saturation=96', 'heart_rate=88', 'temperature=36.8'].sort(),
      );
      expect(stored.treatmentTexts).toEqual(['Sauerstoffgabe 4 l/min über Nasenbrille', 'Periphervenöser Zugang gelegt: Arm links, 20 G (rosa)']);
      expect(stored.materialUsage).toEqual([{ materialId, quantity: 2 }]);
      expect(stored.quarantined).toEqual([]);
      // Sealed: no server-key copy left, the envelope does not carry the name, nor does any byte of the database.
      expect(stored.plaintextPatientRows).toBe(0);
      expect(stored.sealed).toHaveLength(1);
      expect(stored.sealed[0]?.envelope).not.toContain(patient.lastName);
      expect(databaseFilesContain(server.databasePath, patient.lastName)).toBe(false);
      expect(databaseFilesContain(server.databasePath, emergency.phone)).toBe(false);
      expect(databaseFilesContain(server.databasePath, chiefComplaint)).toBe(true);
      // Opening and printing were logged with the time they happened, offline.
      const offlineEvents = stored.accessEvents.filter((e) => e.timestamp < reconnectedAt && e.userId === userId);
      expect(offlineEvents.filter((e) => e.actionType === 'protocol_opened').length).toBeGreaterThanOrEqual(1);
      expect(stored.accessEvents.filter((e) => e.actionType === 'print_handover')).toEqual([
        expect.objectContaining({ actionType: 'print_handover', userId }),
      ]);
      expect(offlineEvents.map((e) => e.actionType)).toContain('print_handover');
      expect(offlineEvents.map((e) => e.actionType)).toContain('fhir_export');

      // After the pull the tablet shows the numbered, discharged protocol without patient data.
      await expect(page.getByRole('heading', { level: 1, name: 'Protokoll #1' })).toBeVisible({ timeout: 20_000 });
      await expect.poll(async () => (await deviceProtocol(page, userId, protocolId)).hasPatientData, { timeout: 20_000 }).toBe(false);
      await openEditTab(page, 'Patient');
      await expect(page.getByRole('tabpanel', { name: 'Patient' })).toContainText('Patientendaten wurden nach der Entlassung verschlüsselt archiviert.');
      await expect(page.getByRole('main')).not.toContainText(patient.lastName);
      await expect(page.getByRole('button', { name: 'RTW-Übergabe drucken' })).toBeDisabled();

      // Only the owner, with the organisation key, reads the name again — decrypted in the browser.
      await page.goto('/patient-archive');
      await expect(page.getByRole('heading', { level: 1, name: 'Patientenarchiv' })).toBeVisible();
      const row = page.getByRole('table', { name: 'Archivierte Sanitätsdienste' }).getByRole('row', { name: new RegExp(serviceName) });
      await row.getByRole('radio').check();
      await page.getByRole('textbox', { name: 'Verschlüsselungsschlüssel' }).fill(organization.keyText);
      await page.getByRole('button', { name: 'Archiv öffnen' }).click();
      const archive = page.getByRole('dialog', { name: `Archivierte Protokolle – ${serviceName}` });
      await expect(archive).toBeVisible({ timeout: 25_000 });
      const archived = archive.getByRole('article', { name: `Protokoll #1: ${patient.firstName} ${patient.lastName}` });
      await expect(archived).toBeVisible();
      await expect(archived).toContainText('14.03.1958');
      await expect(archived).toContainText(patient.insurer);
      for (const text of [emergency.contact, emergency.phone, symptoms, incident.shown]) await expect(archived).toContainText(text);
    } finally {
      await context.close();
      await server.dispose();
    }
  });
});
