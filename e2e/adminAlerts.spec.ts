import { randomUUID } from 'node:crypto';
import { expect, test } from './support/consoleGuard';
// The package's source, not its name: the e2e folder has no dependencies of its own.
import { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url, signArchiveProof } from '@sanidok/crypto';
import { e2eAdmin } from '../playwright.config';
import { uniqueName } from './helpers';
import { loginAdminViaUi } from './support/adminTotp';
import { clientHeader, registerViaApi } from './support/api';

const hour = 3_600_000;

/**
 * Archive alerts (docs/security.md, "Archive alerts"): an admin without an e-mail address is
 * told so on every page, and five wrong archive keys reach the admin area's inbox.
 */
test.describe('Archiv-Warnungen', () => {
  test('Admin ohne E-Mail-Adresse sieht den Hinweis und die Warnung nach 5 falschen Schlüsseln im Posteingang', async ({ page, browser }) => {
    test.setTimeout(90_000);
    // An owner with a discharged protocol tries five wrong keys (through the API, as a stolen session would).
    const ownerContext = await browser.newContext();
    const owner = ownerContext.request;
    const ownerName = uniqueName('inhaber');
    await registerViaApi(owner, ownerName);
    const keys = publicKeysToBase64Url(await deriveOrganizationKeys(generateOrganizationSecret()));
    const organizationName = `Warnung ${uniqueName('org')}`;
    const organization = await owner.post('/api/organizations', { headers: clientHeader, data: { name: organizationName, description: null, ...keys } });
    const organizationId = ((await organization.json()) as { id: number }).id;
    const serviceId = randomUUID();
    expect((await owner.post('/api/services', {
      headers: clientHeader,
      data: { id: serviceId, name: 'Stadtlauf', location: 'Marktplatz 1', startDate: new Date(Date.now() - hour).toISOString(), endDate: new Date(Date.now() + hour).toISOString(), organizationId },
    })).status()).toBe(201);
    const base = `/api/organizations/${organizationId}/archive/services/${serviceId}`;
    let last: { adminNotified?: boolean } = {};
    for (let i = 0; i < 5; i += 1) {
      const challenge = (await (await owner.post(`${base}/challenge`, { headers: clientHeader, data: {} })).json()) as { challengeId: string; organizationId: number; serviceId: string; nonce: string };
      const answer = await owner.post(`${base}/protocols`, { headers: clientHeader, data: { proof: { challengeId: challenge.challengeId, signature: await signArchiveProof(generateOrganizationSecret(), challenge) } } });
      expect(answer.status()).toBe(403);
      last = (await answer.json()) as { adminNotified?: boolean };
    }
    expect(last.adminNotified).toBe(true);
    await ownerContext.close();

    await loginAdminViaUi(page);
    const banner = page.getByRole('alert').filter({ hasText: 'Keine E-Mail-Adresse hinterlegt' });
    await expect(banner).toBeVisible();
    await page.goto('/admin');
    // The admin area's code loads on first use; on a busy machine that takes a while.
    await expect(page.getByRole('heading', { level: 1, name: 'Admin-Bereich' })).toBeVisible({ timeout: 30_000 });
    const inbox = page.getByRole('region', { name: 'Ungelesene Meldungen' });
    const alert = inbox.getByText(`Benutzer ${ownerName} hat am Patientenarchiv der Organisation „${organizationName}“`);
    await expect(alert).toBeVisible();
    await inbox.getByRole('group').filter({ hasText: ownerName }).getByRole('button', { name: 'Als gelesen markieren' }).click();
    await expect(alert).toHaveCount(0);

    // An address set in the profile ends the banner; cleared again for the other specs.
    await banner.getByRole('link', { name: 'Zum Profil' }).click();
    const saveEmail = async (email: string) => {
      await page.getByRole('button', { name: 'Bearbeiten' }).click();
      await page.getByRole('textbox', { name: 'Vollständiger Name' }).fill('Plattform-Administration');
      await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
      // A changed address asks for the password (docs/security.md: no silent e-mail change).
      await page.getByLabel('Ihr Passwort').fill(e2eAdmin.password);
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
    };
    await saveEmail('plattform@sanidok.example');
    await expect(banner).toHaveCount(0);
    await saveEmail('');
    await expect(banner).toBeVisible();
  });
});
