import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** A username no earlier test (or earlier run on the same database) has taken. */
export const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

export async function registerViaUi(page: Page, username: string, password = 'Geheim-Sani-42'): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Registrieren' }).click();
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('E-Mail-Adresse').fill(`${username}@example.de`);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByLabel('Passwort bestätigen').fill(password);
  await page.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
  await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function loginViaUi(page: Page, username: string, password = 'Geheim-Sani-42', rememberMe = false): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  if (rememberMe) await page.getByRole('checkbox', { name: 'Angemeldet bleiben' }).check();
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function logoutViaUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}
