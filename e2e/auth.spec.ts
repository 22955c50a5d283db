import { expect, test } from './support/consoleGuard';
import { loginViaUi, logoutViaUi, registerViaUi, uniqueName } from './helpers';

test.describe('Konto', () => {
  test('Registrieren → Dashboard → Abmelden → Anmelden mit „Angemeldet bleiben“ → Neu laden behält die Sitzung', async ({ page, context }) => {
    const username = uniqueName('medic');
    await registerViaUi(page, username);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await logoutViaUi(page);
    expect((await page.request.get('/api/user')).status()).toBe(401);

    await loginViaUi(page, username, 'Geheim-Sani-42', true);
    const cookie = (await context.cookies()).find((c) => c.name === 'sanidok_session');
    expect(cookie?.httpOnly).toBe(true);
    // The remembered cookie lives as long as the session may (14 days, docs/decisions.md "Session limits").
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 13 * 86_400);
    expect(cookie?.expires ?? 0).toBeLessThan(Date.now() / 1000 + 15 * 86_400);

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const me = await page.request.get('/api/user');
    expect(await me.json()).toMatchObject({ username });
  });

  test('Falsches Passwort zeigt die Meldung und behält die Eingaben', async ({ page }) => {
    const username = uniqueName('falsch');
    await registerViaUi(page, username);
    await logoutViaUi(page);
    await page.getByLabel('Benutzername').fill(username);
    await page.getByLabel('Passwort', { exact: true }).fill('nicht-richtig');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByText('Anmeldung fehlgeschlagen')).toBeVisible();
    await expect(page.getByText('Benutzername oder Passwort ist falsch.')).toBeVisible();
    await expect(page.getByLabel('Benutzername')).toHaveValue(username);
  });

  test('Ohne Sitzung führen geschützte Seiten zu /auth', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('Wer kein Admin ist, landet bei /admin auf der Startseite', async ({ page }) => {
    await registerViaUi(page, uniqueName('kein-admin'));
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
  });

  test('Unbekannter Pfad zeigt die 404-Seite', async ({ page }) => {
    await page.goto('/gibt-es/nicht');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });
});
