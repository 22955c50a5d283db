import type { Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { lockScreenHeading, registerViaUi, uniqueName, unlockViaUi } from './helpers';
import { createRunningServiceViaApi } from './support/api';
import { createOrganizationWithKeyViaUi, createProtocolViaApi } from './support/protocolSetup';

/**
 * Docs/decisions.md "Drafts survive a lock": findings typed on the protocol page are still there
 * after the app locks and after a reload, kept encrypted on the device until saved; the lock
 * screen says so only when something was kept.
 */
const findings = 'Druckgefühl hinter dem Brustbein seit 20 Minuten, Übelkeit';
const keptNotice = /Nicht gespeicherte Eingaben wurden verschlüsselt als Entwurf/;

async function lockApp(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'App sperren' }).click();
  await expect(lockScreenHeading(page)).toBeVisible();
}

async function symptomsAfterUnlock(page: Page) {
  await unlockViaUi(page);
  await page.getByRole('tab', { name: 'Befund' }).click();
  return page.getByRole('textbox', { name: 'Symptome' });
}

test.describe('Entwürfe überstehen Sperre und Neuladen', () => {
  test('Befund getippt, gesperrt, entsperrt, neu geladen: der Text ist da, bis er gespeichert ist', async ({ page }) => {
    test.setTimeout(180_000);
    await registerViaUi(page, uniqueName('sani'));
    const { id: organizationId } = await createOrganizationWithKeyViaUi(page, `DRK Entwurf ${uniqueName('org')}`);
    const serviceId = await createRunningServiceViaApi(page.request, organizationId, `Stadtfest ${uniqueName('dienst')}`);
    const protocolId = await createProtocolViaApi(page.request, serviceId, { chiefComplaint: 'Brustschmerz', patientData: { firstName: 'Hiltrud', lastName: 'Zwirnmeier', dateOfBirth: '1958-03-14' } });
    // From here the spec locks and unlocks itself: no automatic unlock.
    await page.removeLocatorHandler(lockScreenHeading(page));
    await page.goto(`/patient-protocols/${protocolId}`);
    await unlockViaUi(page);

    // Nothing typed: the lock screen has nothing to report.
    await expect(page.getByRole('tab', { name: 'Befund' })).toBeVisible();
    await lockApp(page);
    await expect(page.getByText(keptNotice)).toBeHidden();

    let symptoms = await symptomsAfterUnlock(page);
    await symptoms.fill(findings);
    await lockApp(page);
    await expect(page.getByText(keptNotice)).toBeVisible();
    symptoms = await symptomsAfterUnlock(page);
    await expect(symptoms).toHaveValue(findings);
    await expect(page.getByText(/Nicht gespeicherte Eingaben vom .* wiederhergestellt/)).toBeVisible();

    // A reload (or a crash) asks nothing and loses nothing.
    await page.reload();
    await expect(lockScreenHeading(page)).toBeVisible();
    symptoms = await symptomsAfterUnlock(page);
    await expect(symptoms).toHaveValue(findings);

    // Saved: the draft is gone, the saved text stays.
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Erfolgreich gespeichert', { exact: true })).toBeVisible();
    await page.reload();
    symptoms = await symptomsAfterUnlock(page);
    await expect(symptoms).toHaveValue(findings);
    await expect(page.getByText(/wiederhergestellt/)).toBeHidden();
  });
});
