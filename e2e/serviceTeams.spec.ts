import { expect, test } from './support/consoleGuard';
import { addMemberViaApi, controlledByServiceWorker, createMaterialViaApi, createOrganizationViaApi, createRunningServiceViaApi, registerViaApi, setOffline } from './support/api';
import { createProtocolViaDialog, waitUntilProtocolCaptureReady } from './support/protocolScreens';
import { expectOutboxDrained, tabletContextOptions } from './support/protocolSetup';
import { accessCodeViaApi, deviceHoldsPatientData, deviceHoldsText, deviceRows } from './support/serviceTeams';
import { lockScreenHeading, uniqueName } from './helpers';
import { laneDatabaseFile } from './support/lane';
import { storedProtocolCase } from './support/protocolServerDb';
import { screenshotsAtTabletSizes } from './support/screenshots';
import { storedPatientData } from './support/serverAtRest';

/**
 * Patient data only where it is needed. Two medics of one organisation,
 * A on the service's team and B not: A captures offline, and only A's tablet holds the patient's
 * name; B joins with the access code and the data arrives; the owner takes A off the team and A's
 * next sync purges it. Both tablets are read in their own IndexedDB.
 */

test.describe('Einteilung: Patientendaten folgen dem Team', () => {
  test('Nur das Tablet des eingeteilten Sanitäters hält den Namen; Beitritt mit Zugangscode bringt ihn, Austragen löscht ihn', async ({ browser }, testInfo) => {
    test.setTimeout(240_000);
    const owner = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 900 } });
    const tabletA = await browser.newContext(tabletContextOptions);
    const tabletB = await browser.newContext(tabletContextOptions);
    try {
      const ownerPage = await owner.newPage();
      const pageA = await tabletA.newPage();
      const pageB = await tabletB.newPage();
      const [ownerName, nameA, nameB] = [uniqueName('leitung'), uniqueName('sani-a'), uniqueName('sani-b')];
      await registerViaApi(ownerPage, ownerName);
      const userA = await registerViaApi(pageA, nameA);
      const userB = await registerViaApi(pageB, nameB);
      const organizationId = await createOrganizationViaApi(ownerPage.request, `DRK Einteilung ${uniqueName('org')}`);
      await addMemberViaApi(ownerPage.request, pageA.request, organizationId, nameA, 'member');
      await addMemberViaApi(ownerPage.request, pageB.request, organizationId, nameB, 'member');
      await createMaterialViaApi(ownerPage.request, organizationId, 'Rettungsdecke', 'Stück');
      const serviceName = `Stadtlauf ${uniqueName('dienst')}`;
      const serviceId = await createRunningServiceViaApi(ownerPage.request, organizationId, serviceName);

      // The owner puts medic A on the team in the Team tab (the creator is on it already).
      await ownerPage.goto(`/services/${serviceId}?tab=team`);
      const teamList = ownerPage.getByRole('list', { name: 'Team des Sanitätsdienstes' });
      await expect(teamList.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
      await expect(teamList).toContainText(ownerName);
      await expect(teamList).toContainText('Hat den Dienst erstellt');
      await ownerPage.getByRole('button', { name: 'Team bearbeiten' }).click();
      const editDialog = ownerPage.getByRole('dialog', { name: 'Team bearbeiten' });
      await editDialog.getByRole('checkbox', { name: nameA }).check();
      await editDialog.getByRole('button', { name: 'Speichern' }).click();
      await expect(editDialog).toHaveCount(0);
      await expect(teamList.getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
      await expect(teamList.getByRole('listitem').filter({ hasText: nameA })).toContainText(`Eingeteilt von ${ownerName} am`);
      await expect(ownerPage.getByTestId('access-code')).toHaveText(await accessCodeViaApi(ownerPage.request, serviceId));
      await expect(ownerPage.getByTestId('access-code-qr')).toBeVisible();
      await screenshotsAtTabletSizes(ownerPage, testInfo, 'team-tab');

      // Medic A: one visit online, then the capture offline, a reload offline, and back online.
      await pageA.goto('/patient-protocols');
      await controlledByServiceWorker(pageA);
      await waitUntilProtocolCaptureReady(pageA, serviceName, 'Rettungsdecke');
      await setOffline(tabletA, pageA, true);
      await pageA.reload();
      const patient = { firstName: 'Hermine', lastName: `Quastenberg${Date.now().toString(36)}` };
      await createProtocolViaDialog(pageA, {
        ...patient, dateOfBirth: '1971-09-23', insurerSearch: 'AOK Bay', insurer: 'AOK Bayern', chiefComplaint: 'Kreislaufschwäche im Zieleinlauf',
        material: { search: 'decke', name: 'Rettungsdecke', quantity: 1 },
      });
      const protocolId = new URL(pageA.url()).searchParams.get('id') ?? '';
      expect(protocolId).toMatch(/^[0-9a-f-]{36}$/);
      await pageA.reload();
      await expect(pageA.getByRole('heading', { level: 1, name: 'Patientenprotokolle' })).toBeVisible();
      expect(await deviceHoldsPatientData(pageA, userA, protocolId)).toBe(true);
      // Held encrypted, never in clear.
      expect(await deviceHoldsText(pageA, userA, patient.lastName)).toBe(false);
      await setOffline(tabletA, pageA, false);
      await expectOutboxDrained(pageA, userA, 45_000);

      // The server holds the protocol once, with the name (read from its database: REST answers no names).
      expect(storedProtocolCase(laneDatabaseFile(), serviceId).protocols.map((p) => p.id)).toEqual([protocolId]);
      expect((await storedPatientData(laneDatabaseFile(), protocolId)).map((d) => d.lastName)).toEqual([patient.lastName]);

      // Medic B, in the organisation but not on the team: the clinical row arrives, the name does not.
      await pageB.goto(`/services/${serviceId}`);
      // B unlocks first (the lock handler, before this screen's assertion): a device that was never
      // unlocked has no keys to store a pull with.
      await expect(pageB.getByRole('status').filter({ hasText: 'Sie sind diesem Sanitätsdienst nicht zugeteilt' })).toBeVisible();
      await expect(lockScreenHeading(pageB)).toBeHidden();
      await expect.poll(async () => (await deviceRows(pageB, userB, 'protocols')).length, { timeout: 30_000 }).toBe(1);
      expect(await deviceHoldsPatientData(pageB, userB, protocolId)).toBe(false);
      expect(await deviceHoldsPatientData(pageA, userA, protocolId)).toBe(true);
      await expect(pageB.getByRole('status').filter({ hasText: 'Sie sind diesem Sanitätsdienst nicht zugeteilt' })).toBeVisible();
      await pageB.getByRole('tab', { name: 'Patientenprotokolle' }).click();
      await expect(pageB.getByRole('button', { name: 'Neues Patientenprotokoll' })).toHaveCount(0);
      await expect(pageB.getByRole('list', { name: 'Patientenprotokolle des Sanitätsdienstes' })).toContainText('Name nur für das Team sichtbar');

      // B joins with the code: first a wrong one (German message), then the right one.
      await pageB.getByRole('button', { name: 'Mit Zugangscode beitreten' }).first().click();
      const joinDialog = pageB.getByRole('dialog', { name: 'Mit Zugangscode beitreten' });
      await joinDialog.getByRole('textbox', { name: 'Zugangscode' }).fill('FALSCH-0000');
      await joinDialog.getByRole('button', { name: 'Beitreten' }).click();
      await expect(joinDialog).toContainText('Der Zugangscode ist falsch. Bitte prüfen Sie die Eingabe.');
      await screenshotsAtTabletSizes(pageB, testInfo, 'join-dialog');
      await joinDialog.getByRole('textbox', { name: 'Zugangscode' }).fill(await accessCodeViaApi(ownerPage.request, serviceId));
      await joinDialog.getByRole('button', { name: 'Beitreten' }).click();
      await expect(joinDialog).toHaveCount(0);
      await expect.poll(() => deviceHoldsPatientData(pageB, userB, protocolId), { timeout: 30_000 }).toBe(true);
      await expect(pageB.getByTestId('not-on-team')).toHaveCount(0);
      await expect(pageB.getByRole('button', { name: 'Neues Patientenprotokoll' })).toBeVisible();

      // The owner takes A off the team: A's next sync purges the name from A's tablet.
      await ownerPage.reload();
      await expect(teamList.getByRole('listitem')).toHaveCount(3, { timeout: 20_000 });
      await expect(teamList.getByRole('listitem').filter({ hasText: nameB })).toContainText('Mit Zugangscode beigetreten am');
      await ownerPage.getByRole('button', { name: 'Team bearbeiten' }).click();
      await editDialog.getByRole('checkbox', { name: nameA }).uncheck();
      await editDialog.getByRole('button', { name: 'Speichern' }).click();
      await expect(editDialog).toHaveCount(0);
      await pageA.reload();
      await expect.poll(() => deviceHoldsPatientData(pageA, userA, protocolId), { timeout: 30_000 }).toBe(false);
      // The clinical part stays on A's tablet; B keeps the name.
      expect((await deviceRows(pageA, userA, 'protocols')).length).toBe(1);
      expect(await deviceHoldsPatientData(pageB, userB, protocolId)).toBe(true);
      expect(await deviceHoldsText(pageB, userB, patient.lastName)).toBe(false);
    } finally {
      await Promise.all([owner.close(), tabletA.close(), tabletB.close()]);
    }
  });
});
