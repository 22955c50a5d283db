import { expect, test } from './support/consoleGuard';
// The package's source, not its name: the e2e folder has no dependencies of its own.
import { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url, signKeyRotation } from '@sanidok/crypto';
import { registerViaUi, uniqueName } from './helpers';
import { adminApiLogin } from './support/adminTotp';
import { clientHeader } from './support/api';
import { createOrganizationWithKeyViaUi } from './support/protocolSetup';

/**
 * A platform admin who takes over an owner's account gets no further than the key
 * rotation (docs/security.md, "Key rotation"), against the built server; the real owner rotates
 * with the key typed in the browser.
 */
test.describe('Organisationsschlüssel erneuern', () => {
  test('Inhaber erneuert mit dem bisherigen Schlüssel; ein Admin mit übernommenem Konto scheitert am Schlüsselwechsel', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const ownerName = uniqueName('inhaber');
    const organizationName = `Schlüssel ${uniqueName('org')}`;
    await registerViaUi(page, ownerName);
    const { id: organizationId, keyText } = await createOrganizationWithKeyViaUi(page, organizationName);

    // The owner's way: the dialog asks for the current key and the password.
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Patientenarchiv' }).click();
    await page.getByRole('button', { name: 'Neuen Schlüssel erzeugen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuen Organisationsschlüssel erzeugen' });
    await dialog.getByRole('button', { name: 'Schlüssel erzeugen' }).click();
    await expect(dialog.getByText('Bitte geben Sie den bisherigen Organisationsschlüssel ein.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Bisheriger Organisationsschlüssel' }).fill(keyText.slice(0, -1) + (keyText.endsWith('A') ? 'B' : 'A'));
    await dialog.getByLabel('Ihr Passwort').fill('Geheim-Sani-42');
    await dialog.getByRole('button', { name: 'Schlüssel erzeugen' }).click();
    await expect(dialog.getByText(/Tippfehler|kein SaniDok-Organisationsschlüssel/)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Bisheriger Organisationsschlüssel' }).fill(keyText);
    await dialog.getByRole('button', { name: 'Schlüssel erzeugen' }).click();
    const newKeyDialog = page.getByRole('dialog', { name: 'Organisationsschlüssel sichern' });
    await expect(newKeyDialog).toBeVisible({ timeout: 25_000 });
    const newKeyText = await newKeyDialog.getByLabel('Organisationsschlüssel').inputValue();
    expect(newKeyText).not.toBe(keyText);
    const afterOwner = ((await (await page.request.get('/api/organizations')).json()) as { id: number; keyFingerprint: string }[]).find((o) => o.id === organizationId);

    // The attack: the platform admin resets the owner's password and signs in as the owner.
    const adminContext = await browser.newContext();
    const admin = adminContext.request;
    await adminApiLogin(browser, admin);
    const users = (await (await admin.get(`/api/admin/users?search=${ownerName}`)).json()) as { id: number; username: string }[];
    const ownerId = users.find((u) => u.username === ownerName)?.id;
    expect((await admin.post(`/api/admin/users/${ownerId}/reset-password`, { headers: clientHeader, data: { newPassword: 'Uebernahme-2026!' } })).status()).toBe(200);
    const intruderContext = await browser.newContext();
    const intruder = intruderContext.request;
    expect((await intruder.post('/api/login', { headers: clientHeader, data: { username: ownerName, password: 'Uebernahme-2026!' } })).status()).toBe(200);
    const adminSecret = generateOrganizationSecret();
    const adminKeys = publicKeysToBase64Url(await deriveOrganizationKeys(adminSecret));
    const challenge = (await (await intruder.post(`/api/organizations/${organizationId}/key-change/challenge`, { headers: clientHeader })).json()) as { challengeId: string; nonce: string };
    const rotation = await intruder.post(`/api/organizations/${organizationId}/generate-key`, {
      headers: clientHeader,
      data: { ...adminKeys, currentPassword: 'Uebernahme-2026!', challengeId: challenge.challengeId, rotationSignature: await signKeyRotation(adminSecret, organizationId, challenge.nonce, adminKeys) },
    });
    expect(rotation.status()).toBe(403);
    expect(((await rotation.json()) as { message: string }).message).toContain('nicht mit dem bisherigen Organisationsschlüssel bestätigt');
    const organizations = (await (await intruder.get('/api/organizations')).json()) as { id: number; keyFingerprint: string }[];
    expect(organizations.find((o) => o.id === organizationId)?.keyFingerprint).toBe(afterOwner?.keyFingerprint);
    // Nor a recovery: the reset blocks it until the owner proves a second factor set up before it.
    const recoveryChallenge = (await (await intruder.post(`/api/organizations/${organizationId}/key-change/challenge`, { headers: clientHeader })).json()) as { challengeId: string };
    const recovery = await intruder.post(`/api/organizations/${organizationId}/key-recovery`, {
      headers: clientHeader, data: { ...adminKeys, currentPassword: 'Uebernahme-2026!', challengeId: recoveryChallenge.challengeId },
    });
    expect([recovery.status(), ((await recovery.json()) as { code: string }).code]).toEqual([403, 'OWNER_PROOF_REQUIRED']);

    // The owner's trail: the reset mail was sent to the owner's address (no SMTP here: logged as not sent), the access log names both steps.
    const mails = (await (await admin.get('/api/admin/email-logs')).json()) as { toEmail: string; templateName: string | null }[];
    expect(mails).toContainEqual(expect.objectContaining({ toEmail: `${ownerName}@example.de`, templateName: 'password_reset_by_admin' }));
    const log = (await (await intruder.get(`/api/organizations/${organizationId}/access-logs`)).json()) as { details: string | null }[];
    expect(log.map((entry) => entry.details)).toEqual(expect.arrayContaining([
      expect.stringContaining('Passwort des Inhabers durch Plattform-Administrator'),
      expect.stringContaining('Schlüsselwechsel abgelehnt'),
      expect.stringContaining('Organisationsschlüssel erneuert'),
    ]));
    await adminContext.close();
    await intruderContext.close();
  });
});
