import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { expectSignedInDashboard, uniqueName, unlockWhenLocked } from './helpers';
import { createMaterialViaApi, createRunningServiceViaApi, registerViaApi } from './support/api';
import { recordTreatmentViaDialog, waitUntilCaptureReady } from './support/capture';
import { toastsOverButtons } from './support/layoutCheck';
import { createOrganizationWithKeyViaUi, createProtocolViaApi } from './support/protocolSetup';

/**
 * Docs/decisions.md "Toasts never cover an action": at the tablet's two orientations and on a
 * phone, a toast never lies on a button that can be tapped — the cases a walkthrough tripped over:
 * the next Bagatelle's 'Speichern', 'Erste Messung hinzufügen' low on the protocol page,
 * 'Sichtung speichern' low on the MANV screen. And an error of an earlier try does not outlive the
 * registration that then worked.
 */
const sizes = [
  { name: 'tablet-quer', width: 1024, height: 768 },
  { name: 'tablet-hoch', width: 800, height: 1280 },
  { name: 'telefon', width: 390, height: 844 },
] as const;

const toast = (page: Page) => page.locator('.mantine-Notification-root');

/** A toast shows, and (once placed, within a moment) covers nothing that can be tapped. */
async function expectToastBesideButtons(page: Page, where: string): Promise<void> {
  await expect(toast(page), where).toBeVisible();
  await expect
    .poll(async () => {
      const check = await toastsOverButtons(page);
      return check.toasts === 0 ? ['kein Hinweis mehr sichtbar'] : check.covered;
    }, { message: where, timeout: 2000, intervals: [100] })
    .toEqual([]);
}

/** Puts the control at the very bottom of the screen, where a toast used to sit. */
async function scrollToBottomEdge(control: Locator): Promise<void> {
  await control.evaluate((el) => el.scrollIntoView({ block: 'end' }));
}

test.describe('Hinweise verdecken keine Schaltfläche', () => {
  test('Bagatelle, Protokoll und Sichtung bei 1024×768, 800×1280 und 390×844; kein alter Fehler nach erfolgreicher Registrierung', async ({ page, browser }) => {
    test.setTimeout(240_000);
    // A username someone else already has: the first try fails with a toast, the second works.
    const other = await browser.newContext();
    const taken = uniqueName('vergeben');
    await registerViaApi(await other.newPage(), taken);
    await other.close();
    const name = uniqueName('sani');
    await unlockWhenLocked(page);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Registrieren' }).click();
    await page.getByLabel('Benutzername').fill(taken);
    await page.getByLabel('E-Mail-Adresse').fill(`${name}@example.de`);
    await page.getByLabel('Passwort', { exact: true }).fill('Geheim-Sani-42');
    await page.getByLabel('Passwort bestätigen').fill('Geheim-Sani-42');
    await page.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
    await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
    await expect(page.getByText('Registrierung fehlgeschlagen')).toBeVisible();
    await page.getByLabel('Benutzername').fill(name);
    await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
    await expectSignedInDashboard(page);
    await expect(page.getByText('Registrierung fehlgeschlagen')).toBeHidden();

    const { id: organizationId } = await createOrganizationWithKeyViaUi(page, `DRK Hinweise ${uniqueName('org')}`);
    await createMaterialViaApi(page.request, organizationId, 'Kühlpack', 'Stück');
    const serviceName = `Stadtfest ${uniqueName('dienst')}`;
    const serviceId = await createRunningServiceViaApi(page.request, organizationId, serviceName);
    const protocolId = await createProtocolViaApi(page.request, serviceId, { chiefComplaint: 'Schwindel', patientData: { firstName: 'Hiltrud', lastName: 'Zwirnmeier', dateOfBirth: '1958-03-14' } });
    await page.goto(`/services/${serviceId}`);
    await page.getByRole('link', { name: 'MANV-Modus dieses Dienstes öffnen' }).click();
    await page.getByRole('textbox', { name: 'Bezeichnung' }).fill(`Lage ${uniqueName('manv')}`);
    await page.getByRole('button', { name: 'MANV eröffnen' }).click();
    await expect(page.getByTestId('manv-capture')).toBeVisible();
    await page.goto('/minor-treatments');
    await waitUntilCaptureReady(page, serviceName, 'Kühlpack');

    for (const [index, size] of sizes.entries()) {
      await page.setViewportSize({ width: size.width, height: size.height });

      // The next Bagatelle right after the last one: its dialog, grown by a material, under 'Behandlung erfasst'.
      await page.goto('/minor-treatments');
      await recordTreatmentViaDialog(page, { patient: `Patient ${index}`, description: 'Prellung', material: { search: 'kühl', name: 'Kühlpack', quantity: 1 } });
      await page.getByRole('button', { name: 'Neue Behandlung' }).click();
      const dialog = page.getByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
      await dialog.getByRole('textbox', { name: 'Material hinzufügen' }).fill('kühl');
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('textbox', { name: 'Menge Kühlpack' })).toBeVisible();
      await expectToastBesideButtons(page, `${size.name}: nächste Bagatelle`);
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      const confirm = page.getByRole('dialog', { name: 'Eingabe abbrechen?' });
      if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Abbrechen' }).click();

      // The protocol page with 'Erste Messung hinzufügen' at the bottom edge, then a toast of the page's own 'Speichern'.
      await page.goto(`/patient-protocols/${protocolId}`);
      await page.getByRole('tab', { name: 'Vitalparameter' }).click();
      const firstMeasurement = page.getByRole('button', { name: 'Erste Messung hinzufügen' });
      await scrollToBottomEdge(firstMeasurement);
      await page.getByRole('button', { name: 'Speichern', exact: true }).dispatchEvent('click');
      await expectToastBesideButtons(page, `${size.name}: Erste Messung hinzufügen`);

      // A triage with 'Sichtung speichern' at the bottom edge: it stays there for the next card.
      await page.goto(`/services/${serviceId}/manv`);
      const capture = page.getByTestId('manv-capture');
      await capture.getByText('ohne Algorithmus', { exact: true }).click();
      const save = capture.getByRole('button', { name: 'Sichtung speichern' });
      await scrollToBottomEdge(save);
      await capture.getByRole('textbox', { name: 'Anhängekartennummer' }).fill(String(100 + index));
      await capture.getByRole('radio', { name: /^SK\sIII \(/ }).click();
      await save.click();
      await expect(capture.getByRole('textbox', { name: 'Anhängekartennummer' })).toHaveValue('');
      await expectToastBesideButtons(page, `${size.name}: Sichtung speichern`);
    }
  });
});
