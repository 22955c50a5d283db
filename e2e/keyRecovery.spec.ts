import { expect, test } from './support/consoleGuard';
import { registerViaUi, uniqueName, unlockWhenLocked } from './helpers';
import { addMemberViaApi, registerViaApi } from './support/api';
import { createOrganizationWithKeyViaUi } from './support/protocolSetup';

/**
 * The lost key: the owner asks for a new key without the old one (and without a second factor, so
 * it waits for an admin's approval); every member's screen shows it, and an organisation admin stops it.
 */
test.describe('Verlorener Organisationsschlüssel', () => {
  test('Inhaber fordert die Wiederherstellung an, ein Mitglied sieht den Hinweis, eine Administratorin bricht sie ab', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const ownerName = uniqueName('inhaber');
    const organizationName = `Verloren ${uniqueName('org')}`;
    await registerViaUi(page, ownerName);
    const { id: organizationId } = await createOrganizationWithKeyViaUi(page, organizationName);

    const adminContext = await browser.newContext();
    const adminName = uniqueName('admina');
    await registerViaApi(adminContext.request, adminName);
    await addMemberViaApi(page.request, adminContext.request, organizationId, adminName, 'admin');

    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Patientenarchiv' }).click();
    await page.getByRole('button', { name: 'Neuen Schlüssel erzeugen' }).click();
    await page.getByRole('dialog', { name: 'Neuen Organisationsschlüssel erzeugen' }).getByRole('button', { name: 'Schlüssel verloren?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verlorenen Organisationsschlüssel ersetzen' });
    await expect(dialog.getByText(/gilt erst 72 Stunden, nachdem/)).toBeVisible();
    // Without a second factor on the owner's account the code field stays empty: an admin must approve.
    await dialog.getByLabel('Ihr Passwort').fill('Geheim-Sani-42');
    await dialog.getByRole('button', { name: 'Wiederherstellung anfordern' }).click();
    // The new key is shown once, as at every new key.
    const keyDialog = page.getByRole('dialog', { name: 'Organisationsschlüssel sichern' });
    await expect(keyDialog).toBeVisible({ timeout: 25_000 });
    const fingerprint = (await (await page.request.get('/api/organizations')).json() as { id: number; keyRecovery: { keyFingerprint: string } | null }[])
      .find((o) => o.id === organizationId)?.keyRecovery?.keyFingerprint;
    expect(fingerprint).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){7}$/);

    // The organisation admin's screen, after the next pull: requester, new fingerprint, and the way to stop it.
    const adminPage = await adminContext.newPage();
    // Signed in by the registration through the API in this context; the fresh load starts locked.
    await unlockWhenLocked(adminPage);
    await adminPage.goto('/dashboard');
    const banner = adminPage.getByRole('alert').filter({ hasText: `Schlüssel von „${organizationName}“ wird ersetzt` });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(banner).toContainText(`${ownerName} hat am`);
    await expect(banner).toContainText(`Fingerabdruck ${fingerprint ?? ''}`);
    await expect(banner).toContainText('ohne sie mit einem zweiten Faktor zu bestätigen');
    await expect(banner.getByRole('button', { name: 'Wiederherstellung freigeben' })).toBeVisible();
    await banner.getByRole('button', { name: 'Wiederherstellung abbrechen' }).click();
    await expect(banner).toBeHidden({ timeout: 30_000 });
    const after = (await (await adminContext.request.get('/api/organizations')).json() as { id: number; keyRecovery: unknown }[]).find((o) => o.id === organizationId);
    expect(after?.keyRecovery).toBeNull();
    await adminContext.close();
  });
});
