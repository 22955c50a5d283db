import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** A username no earlier test (or earlier run on the same database) has taken. */
export const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

/** The lock screen's heading: a reload or a new tab starts locked. */
export const lockScreenHeading = (page: Page) => page.getByRole('heading', { name: 'SaniDok ist gesperrt' });

export async function unlockViaUi(page: Page, password = 'Geheim-Sani-42'): Promise<void> {
  // A device with a PIN offers it first (online); the password is one click away.
  const usePassword = page.getByRole('button', { name: 'Mit Passwort entsperren' });
  if (await usePassword.isVisible()) await usePassword.click();
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entsperren', exact: true }).click();
  await expect(lockScreenHeading(page)).toBeHidden();
}

/**
 * Every full page load of a signed-in tab starts locked (the data key lives only in memory). Tests
 * about other features unlock as a medic would, whenever the lock screen shows up before an action
 * or assertion (Playwright's locator handler); the lock's own spec removes it.
 */
export async function unlockWhenLocked(page: Page, password = 'Geheim-Sani-42'): Promise<void> {
  // One handler per page: a later sign-in (another user) replaces the earlier one's password.
  await page.removeLocatorHandler(lockScreenHeading(page));
  await page.addLocatorHandler(lockScreenHeading(page), () => unlockOnce(page, password));
}

/**
 * Polls with isVisible, which runs no locator handlers. A `waitFor` left running after the handler
 * (the loser of a race between "form shown" and "lock screen gone") went on checking handlers in
 * the background and fired this one a second time beside the test's own check at the next page
 * load; Playwright then waited for the first run forever (pwa.spec.ts, 2026-11-25).
 */
async function unlockOnce(page: Page, password: string): Promise<void> {
  // The form shows once the device's database has said whether it holds a PIN (LockScreen.tsx),
  // which takes a moment after a full page load on a busy machine; the app's own unlock (right
  // after signing in) may instead take the lock screen away: then nothing is left to do.
  const field = page.getByLabel('Passwort', { exact: true }).or(page.getByRole('button', { name: 'Mit Passwort entsperren' })).first();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (!(await lockScreenHeading(page).isVisible())) return;
    if (await field.isVisible()) {
      await unlockViaUi(page, password);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * After signing in the URL is /dashboard at once, while the unlock with the password just typed
 * still runs behind a spinner in the locked frame (app/layout/LockedFrame.tsx). The dashboard's
 * heading shows once the signed-in frame is there: a click into the locked frame's header (the
 * user menu) would otherwise be swapped away under the test (seen in auth.spec.ts).
 */
export async function expectSignedInDashboard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

export async function registerViaUi(page: Page, username: string, password = 'Geheim-Sani-42'): Promise<void> {
  await unlockWhenLocked(page, password);
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Registrieren' }).click();
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('E-Mail-Adresse').fill(`${username}@example.de`);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByLabel('Passwort bestätigen').fill(password);
  await page.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
  await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
  await expectSignedInDashboard(page);
}

export async function loginViaUi(page: Page, username: string, password = 'Geheim-Sani-42', rememberMe = false): Promise<void> {
  await unlockWhenLocked(page, password);
  await page.goto('/auth');
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  if (rememberMe) await page.getByRole('checkbox', { name: 'Angemeldet bleiben' }).check();
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expectSignedInDashboard(page);
}

export async function logoutViaUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}
