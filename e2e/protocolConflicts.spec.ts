import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { addMemberViaApi, controlledByServiceWorker, createOrganizationViaApi, createRunningServiceViaApi, registerViaApi, setOffline } from './support/api';
import { outboxSummary } from './support/device';
import { deviceProtocol } from './support/protocolDevice';
import { dischargeViaDialog, openEditTab, saveEditPage } from './support/protocolScreens';
import { storedProtocolCase } from './support/protocolServerDb';
import { createProtocolViaApi, expectOutboxDrained, tabletContextOptions } from './support/protocolSetup';
import { addToServiceTeamViaApi } from './support/serviceTeams';
import { OwnServer } from './support/ownServer';
import { storedRevisions } from './support/serverAtRest';
import { uniqueName } from './helpers';

/**
 * Two tablets of one organisation edit the same protocol offline
 * (docs/sync-protocol.md, Conflicts): field by field, the last writer wins a field both changed,
 * the replaced value is kept as a revision and the protocol is flagged; a discharge on one tablet
 * closes the protocol, and what the other adds afterwards is refused visibly, never duplicated.
 */

const closedMessage = 'Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.';

interface Tablet {
  context: BrowserContext;
  page: Page;
  userId: number;
}

/** Fills fields of the Befund tab and saves them with the page's 'Speichern'. */
async function editFindings(page: Page, fields: Record<string, string>): Promise<void> {
  await openEditTab(page, 'Befund');
  for (const [label, value] of Object.entries(fields)) await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  await saveEditPage(page);
}

async function reconnect(tablet: Tablet): Promise<void> {
  await setOffline(tablet.context, tablet.page, false);
}

test.describe('Patientenprotokolle auf zwei Tablets', () => {
  test('Beide ändern dasselbe Protokoll offline: feldweise zusammengeführt, ersetzter Wert bleibt, Hinweis auf beiden; nach der Entlassung wird die Maßnahme des zweiten Tablets sichtbar abgelehnt', async ({ browser }) => {
    test.setTimeout(150_000);
    const server = await OwnServer.start();
    const contextA = await browser.newContext({ ...tabletContextOptions, baseURL: server.url });
    const contextB = await browser.newContext({ ...tabletContextOptions, baseURL: server.url });
    try {
      const pageA = await contextA.newPage();
      const pageB = await contextB.newPage();
      const nameB = uniqueName('helferin');
      const a: Tablet = { context: contextA, page: pageA, userId: await registerViaApi(pageA, uniqueName('einsatzleiter')) };
      const b: Tablet = { context: contextB, page: pageB, userId: await registerViaApi(pageB, nameB) };
      const organizationId = await createOrganizationViaApi(pageA.request, `DRK Zwei Tablets ${uniqueName('org')}`);
      await addMemberViaApi(pageA.request, pageB.request, organizationId, nameB, 'member');
      const serviceId = await createRunningServiceViaApi(pageA.request, organizationId, `Stadtfest ${uniqueName('dienst')}`);
      // Patient data reaches only the team's tablets: the helper works on this service too.
      await addToServiceTeamViaApi(pageA.request, serviceId, b.userId);
      const protocolId = await createProtocolViaApi(pageA.request, serviceId, {
        chiefComplaint: 'Kopfschmerzen',
        patientData: { firstName: 'Konrad', lastName: 'Wegscheider', dateOfBirth: '1979-05-02', gender: 'männlich' },
      });

      // The same protocol on both tablets, pulled while online.
      for (const { page } of [a, b]) {
        await page.goto(`/patient-protocols/${protocolId}`);
        await controlledByServiceWorker(page);
        await expect(page.getByRole('heading', { level: 1, name: 'Protokoll #1' })).toBeVisible({ timeout: 20_000 });
        await openEditTab(page, 'Befund');
        await expect(page.getByRole('textbox', { name: 'Hauptbeschwerde' })).toHaveValue('Kopfschmerzen');
      }

      // Both lose coverage and change the chief complaint, each also another field.
      await setOffline(a.context, a.page, true);
      await setOffline(b.context, b.page, true);
      await editFindings(a.page, { Hauptbeschwerde: 'Atemnot nach Wespenstich', Allergien: 'Wespengift' });
      await editFindings(b.page, { Hauptbeschwerde: 'Schwindel und Übelkeit', Vorerkrankungen: 'Diabetes Typ 2' });
      // Stored on each tablet (encrypted), shown from there.
      await expect(a.page.getByRole('textbox', { name: 'Allergien' })).toHaveValue('Wespengift');
      await expect(b.page.getByRole('textbox', { name: 'Vorerkrankungen' })).toHaveValue('Diabetes Typ 2');

      // The Änderungsverlauf reads the tablet only: after a reload without network it shows A's edit,
      // not yet sent (docs/decisions.md "The record history travels sealed to the device").
      await a.page.reload();
      await a.page.getByRole('button', { name: 'Änderungsverlauf' }).click();
      const offlineHistory = a.page.getByRole('dialog', { name: 'Änderungsverlauf' }).getByRole('listitem');
      await expect(offlineHistory.filter({ hasText: 'Kopfschmerzen → Atemnot nach Wespenstich' })).toContainText('noch nicht übertragen');
      await a.page.getByRole('dialog', { name: 'Änderungsverlauf' }).getByRole('button', { name: 'Schließen' }).click();
      await openEditTab(a.page, 'Befund');

      // A reaches the server first, then B: B is the last writer of the chief complaint.
      await reconnect(a);
      await expectOutboxDrained(a.page, a.userId);
      await reconnect(b);
      await expectOutboxDrained(b.page, b.userId);

      const merged = storedProtocolCase(server.databasePath, serviceId);
      expect(merged.protocols).toHaveLength(1);
      expect(merged.protocols[0]).toMatchObject({
        chiefComplaint: 'Schwindel und Übelkeit', allergies: 'Wespengift', pastHistory: 'Diabetes Typ 2', status: 'active', needsReview: 1,
      });
      expect(merged.revisions).toEqual([{ field: 'chiefComplaint', replacedValue: 'Atemnot nach Wespenstich', newValue: 'Schwindel und Übelkeit', userId: b.userId }]);
      expect(merged.quarantined).toEqual([]);
      // Each offline edit is in the server's history exactly once, in the order the server applied them.
      const complaint = (await storedRevisions(server.databasePath, protocolId)).filter((revision) => revision.field === 'chiefComplaint');
      expect(complaint).toEqual([
        { entity: 'protocol', field: 'chiefComplaint', oldValue: 'Kopfschmerzen', newValue: 'Atemnot nach Wespenstich' },
        { entity: 'protocol', field: 'chiefComplaint', oldValue: 'Atemnot nach Wespenstich', newValue: 'Schwindel und Übelkeit' },
      ]);

      // Both tablets end on the merged protocol and show the conflict on the edit page.
      for (const { page, userId } of [a, b]) {
        await expect
          .poll(() => deviceProtocol(page, userId, protocolId), { timeout: 20_000 })
          .toMatchObject({ textsEncrypted: true, needsReview: true });
        const notice = page.getByRole('status').filter({ hasText: 'Gleichzeitige Änderung' });
        await expect(notice).toBeVisible();
        await expect(notice).toContainText('Der ersetzte Wert bleibt in den Änderungsständen des Servers');
        await expect(page.getByRole('textbox', { name: 'Hauptbeschwerde' })).toHaveValue('Schwindel und Übelkeit');
        await expect(page.getByRole('textbox', { name: 'Allergien' })).toHaveValue('Wespengift');
        await expect(page.getByRole('textbox', { name: 'Vorerkrankungen' })).toHaveValue('Diabetes Typ 2');
        await expect(page.getByRole('textbox', { name: 'Allergien' })).toHaveValue('Wespengift');
        await expect(page.getByRole('textbox', { name: 'Vorerkrankungen' })).toHaveValue('Diabetes Typ 2');
      }

      // A looks up the replaced value (pulled to the tablet with the history), checks the values and confirms: the notice
      // goes on both tablets and on the server.
      await a.page.getByRole('button', { name: 'Ersetzte Werte anzeigen' }).click();
      const replaced = a.page.getByRole('dialog', { name: 'Ersetzte Werte' }).getByRole('listitem');
      await expect(replaced).toHaveCount(1);
      await expect(replaced).toContainText('Ersetzter Wert: Atemnot nach Wespenstich');
      await expect(replaced).toContainText('Neuer Wert: Schwindel und Übelkeit');
      await a.page.getByRole('dialog', { name: 'Ersetzte Werte' }).getByRole('button', { name: 'Schließen' }).click();
      // The history came back from the server: both edits, A's no longer pending.
      await a.page.getByRole('button', { name: 'Änderungsverlauf' }).click();
      const syncedHistory = a.page.getByRole('dialog', { name: 'Änderungsverlauf' }).getByRole('listitem');
      await expect(syncedHistory.filter({ hasText: 'Hauptbeschwerde' })).toHaveCount(2);
      await expect(syncedHistory.filter({ hasText: 'noch nicht übertragen' })).toHaveCount(0);
      await a.page.getByRole('dialog', { name: 'Änderungsverlauf' }).getByRole('button', { name: 'Schließen' }).click();
      await a.page.getByRole('status').filter({ hasText: 'Gleichzeitige Änderung' }).getByRole('button', { name: 'Angaben geprüft' }).click();
      await expect(a.page.getByText('Gleichzeitige Änderung')).toBeHidden();
      await expectOutboxDrained(a.page, a.userId);
      expect(storedProtocolCase(server.databasePath, serviceId).protocols[0]).toMatchObject({ needsReview: 0, chiefComplaint: 'Schwindel und Übelkeit' });
      await expect.poll(() => deviceProtocol(b.page, b.userId, protocolId), { timeout: 30_000 }).toMatchObject({ needsReview: false });
      await expect(b.page.getByText('Gleichzeitige Änderung')).toBeHidden();

      // Offline again: A discharges the patient while B documents one more measure.
      await setOffline(a.context, a.page, true);
      await setOffline(b.context, b.page, true);
      await dischargeViaDialog(a.page, { condition: 'Stabil', destination: 'Nach Hause', handoverTo: 'Ehefrau', comment: 'Beschwerdefrei' });
      await openEditTab(b.page, 'Behandlung');
      const treatmentB = b.page.getByRole('tabpanel', { name: 'Behandlung' });
      await treatmentB.getByRole('tab', { name: 'Eigene Maßnahme' }).click();
      await treatmentB.getByRole('textbox', { name: 'Eigene Maßnahme' }).fill('Kühlpack auf die Stirn gelegt');
      await treatmentB.getByRole('button', { name: 'Hinzufügen' }).click();
      const entriesB = treatmentB.getByRole('list', { name: 'Dokumentierte Maßnahmen' });
      await expect(entriesB.getByRole('listitem')).toHaveCount(1);
      await expect(entriesB).toContainText('Kühlpack auf die Stirn gelegt (Helfer 1)');

      // A first: the discharge is accepted. Then B: its entry meets a closed protocol.
      await reconnect(a);
      await expectOutboxDrained(a.page, a.userId);
      await reconnect(b);
      await expect.poll(() => outboxSummary(b.page, b.userId), { timeout: 30_000 }).toEqual({ pending: 0, rejected: 1, messages: [closedMessage] });

      const closed = storedProtocolCase(server.databasePath, serviceId);
      expect(closed.protocols).toHaveLength(1);
      expect(closed.protocols[0]).toMatchObject({ status: 'discharged', dischargeDestination: 'Nach Hause', handoverTo: 'Ehefrau', chiefComplaint: 'Schwindel und Übelkeit' });
      expect(closed.treatmentTexts).toEqual([]);
      expect(closed.quarantined).toEqual([{ name: 'treatmentEntry.add', code: 'CONFLICT', message: closedMessage }]);
      expect(closed.plaintextPatientRows).toBe(0);
      expect(closed.sealed).toHaveLength(1);
      expect(closed.revisions).toHaveLength(1);

      // B sees the refusal with its reason in the sync status, and the discharged protocol.
      await b.page.getByRole('button', { name: /Synchronisationsstatus anzeigen/ }).click();
      const rejected = b.page.getByRole('list', { name: 'Abgelehnte Änderungen' });
      await expect(rejected).toBeVisible();
      await expect(rejected.getByRole('listitem')).toHaveCount(1);
      await expect(rejected).toContainText(closedMessage);
      await b.page.keyboard.press('Escape');
      await expect(b.page.getByRole('button', { name: 'Patient entlassen' })).toHaveCount(0, { timeout: 20_000 });
      await expect(b.page.getByRole('main').getByRole('status').filter({ hasText: closedMessage })).toBeVisible();
      // The refused line is taken back on the tablet: the protocol holds no entry anywhere.
      await expect(treatmentB.getByText('Noch keine Maßnahmen dokumentiert.')).toBeVisible();
      await expect.poll(() => deviceProtocol(b.page, b.userId, protocolId), { timeout: 20_000 }).toMatchObject({
        status: 'discharged', hasPatientData: false, treatmentEntries: 0,
      });
      expect(await outboxSummary(a.page, a.userId)).toEqual({ pending: 0, rejected: 0, messages: [] });
    } finally {
      await contextA.close();
      await contextB.close();
      await server.dispose();
    }
  });
});
