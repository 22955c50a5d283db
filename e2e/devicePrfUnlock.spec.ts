import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { lockScreenHeading, registerViaUi, uniqueName, unlockViaUi } from './helpers';
import { controlledByServiceWorker, createMaterialViaApi, createRunningServiceViaApi, setOffline } from './support/api';
import { createProtocolViaDialog, waitUntilProtocolCaptureReady } from './support/protocolScreens';
import { createOrganizationWithKeyViaUi } from './support/protocolSetup';

/**
 * Quick unlock through the platform authenticator (WebAuthn PRF), with
 * Chromium's virtual authenticator over CDP standing in for fingerprint or face. WebAuthn refuses
 * an IP address as relying party, so these tests open the lane's server as `localhost`.
 */
const password = 'Tablet-Passwort-2026';
const patient = { firstName: 'Hildeberta', lastName: 'Sonnentau' };

test.use({ baseURL: async ({ baseURL }, use) => use(baseURL?.replace('127.0.0.1', 'localhost')) });

async function virtualAuthenticator(context: BrowserContext, page: Page, hasPrf: boolean): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true,
      automaticPresenceSimulation: true, hasPrf,
    },
  });
  return cdp;
}

async function openLockSettings(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Einstellungen' }).first().click();
  await expect(page.getByRole('heading', { name: 'Entsperren mit Gerätesperre (Fingerabdruck, Gesicht)' })).toBeVisible();
}

async function storedKeyring(page: Page, username: string): Promise<Record<string, unknown> | undefined> {
  return page.evaluate(async (name) => {
    const databases = await indexedDB.databases();
    const dbName = databases.map((d) => d.name ?? '').find((n) => n.startsWith('sanidok'));
    if (!dbName) return undefined;
    return new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
      const open = indexedDB.open(dbName);
      open.onerror = () => reject(new Error(`${name}: ${String(open.error)}`));
      open.onsuccess = () => {
        const request = open.result.transaction('meta').objectStore('meta').get('keyring');
        request.onsuccess = () => {
          open.result.close();
          resolve((request.result as { value?: Record<string, unknown> } | undefined)?.value);
        };
        request.onerror = () => reject(new Error(String(request.error)));
      };
    });
  }, username);
}

test.describe('Entsperren mit der Gerätesperre (WebAuthn PRF)', () => {
  test('Eingerichtet in den Einstellungen entsperrt die Gerätesperre online und offline; die Patientendaten sind da', async ({ page, context }) => {
    test.setTimeout(240_000);
    await virtualAuthenticator(context, page, true);
    const username = uniqueName('prf');
    await registerViaUi(page, username, password);
    const organization = await createOrganizationWithKeyViaUi(page, `DRK Gerätesperre ${uniqueName('org')}`);
    await createMaterialViaApi(page.request, organization.id, 'Rettungsdecke', 'Stück');
    const serviceName = `Sommerfest ${uniqueName('dienst')}`;
    await createRunningServiceViaApi(page.request, organization.id, serviceName);
    await page.goto('/patient-protocols');
    await controlledByServiceWorker(page);
    await waitUntilProtocolCaptureReady(page, serviceName, 'Rettungsdecke');
    await createProtocolViaDialog(page, {
      ...patient, dateOfBirth: '1958-04-11', insurerSearch: 'AOK Bay', insurer: 'AOK Bayern', chiefComplaint: 'Wespenstich',
      material: { search: 'decke', name: 'Rettungsdecke', quantity: 1 },
    });
    const protocolUrl = page.url();
    const detail = page.getByRole('region', { name: 'Protokolldetails' });
    const patientHeading = detail.getByRole('heading', { name: `Patient: ${patient.firstName} ${patient.lastName}` });
    await expect(patientHeading).toBeVisible({ timeout: 20_000 });

    await openLockSettings(page);
    await page.getByRole('button', { name: 'Gerätesperre einrichten' }).click();
    await expect(page.getByText('Gerätesperre eingerichtet', { exact: true })).toBeVisible();
    await expect(page.getByText('Dieses Gerät lässt sich mit der Gerätesperre entsperren.')).toBeVisible();
    const keyring = await storedKeyring(page, username);
    expect(keyring?.prf).toEqual({ credentialId: expect.any(String), salt: expect.any(String), wrappedDataKey: expect.any(String) });

    // Online: lock with the button, unlock with the device lock.
    await page.goto(protocolUrl);
    await expect(patientHeading).toBeVisible({ timeout: 20_000 });
    // From here the lock screen is the subject: no automatic password unlock (e2e/helpers.ts).
    await page.removeLocatorHandler(lockScreenHeading(page));
    await page.getByRole('button', { name: 'App sperren' }).click();
    await expect(lockScreenHeading(page)).toBeVisible();
    await expect(page.locator('body')).not.toContainText(patient.lastName);
    await page.getByRole('button', { name: 'Mit Gerätesperre entsperren' }).click();
    await expect(lockScreenHeading(page)).toBeHidden();
    await expect(patientHeading).toBeVisible({ timeout: 20_000 });

    // Offline, a fresh start is locked; the device lock opens it without the server.
    await setOffline(context, page, true);
    await page.reload();
    await expect(lockScreenHeading(page)).toBeVisible();
    await page.getByRole('button', { name: 'Mit Gerätesperre entsperren' }).click();
    await expect(lockScreenHeading(page)).toBeHidden();
    await expect(patientHeading).toBeVisible({ timeout: 20_000 });
    await setOffline(context, page, false);

    // Removed in the settings: the lock screen offers the password only.
    await openLockSettings(page);
    await page.getByRole('button', { name: 'Gerätesperre entfernen' }).click();
    await expect(page.getByText('Gerätesperre entfernt', { exact: true })).toBeVisible();
    expect((await storedKeyring(page, username))?.prf).toBeUndefined();
    await page.getByRole('button', { name: 'App sperren' }).click();
    await expect(lockScreenHeading(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mit Gerätesperre entsperren' })).toHaveCount(0);
    await unlockViaUi(page, password);
  });

  test('Ein Authentifikator ohne PRF: die Einstellungen sagen es, nichts wird gespeichert, das Passwort entsperrt', async ({ page, context }) => {
    test.setTimeout(120_000);
    await virtualAuthenticator(context, page, false);
    const username = uniqueName('noprf');
    await registerViaUi(page, username, password);
    await openLockSettings(page);
    await page.getByRole('button', { name: 'Gerätesperre einrichten' }).click();
    await expect(page.getByText(/die WebAuthn-Erweiterung PRF fehlt\)\. Es wurde nichts gespeichert/)).toBeVisible();
    await expect(page.getByText('Dieses Gerät lässt sich mit der Gerätesperre entsperren.')).toHaveCount(0);
    const keyring = await storedKeyring(page, username);
    expect(keyring?.wrappedDataKey).toEqual(expect.any(String));
    expect(keyring?.prf).toBeUndefined();
    await page.removeLocatorHandler(lockScreenHeading(page));
    await page.getByRole('button', { name: 'App sperren' }).click();
    await expect(lockScreenHeading(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mit Gerätesperre entsperren' })).toHaveCount(0);
    await unlockViaUi(page, password);
  });
});
