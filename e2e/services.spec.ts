import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
// The package's source, not its name: the e2e folder has no dependencies of its own.
import { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url } from '@sanidok/crypto';
import { registerViaUi, uniqueName } from './helpers';
import { createOrganizationWithKeyViaUi } from './support/protocolSetup';

interface ServerService {
  id: string;
  name: string;
  location: string;
  startDate: string;
  endDate: string;
  organizationId: number;
}

const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });
const berlinTime = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** yyyy-MM-dd of a day relative to today, on the Berlin calendar (what the date field takes). */
const berlinDate = (days: number) => berlinDay.format(new Date(Date.now() + days * 86_400_000));
/** dd.MM.yyyy of a yyyy-MM-dd value. */
const german = (isoDay: string) => isoDay.split('-').reverse().join('.');

async function inviteAndAccept(owner: Page, member: Page, organization: string, memberName: string): Promise<void> {
  const detail = owner.getByRole('region', { name: organization });
  await detail.getByRole('button', { name: 'Mitglied hinzufügen' }).click();
  const inviteDialog = owner.getByRole('dialog', { name: 'Mitglied hinzufügen' });
  await inviteDialog.getByLabel('Benutzername').fill(memberName);
  await inviteDialog.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(owner.getByText('Einladung versendet')).toBeVisible();

  await member.goto('/organizations');
  const invitationsTab = member.getByRole('tab', { name: /Einladungen/ });
  await expect(invitationsTab.getByTestId('invitations-badge')).toHaveText('1', { timeout: 15_000 });
  await invitationsTab.click();
  await member.getByRole('listitem', { name: organization }).getByRole('button', { name: 'Annehmen' }).click();
  await expect(member.getByText('Einladung bearbeitet')).toBeVisible();
}

/** The page is controlled by the service worker, so it reloads without a network. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // registerType 'prompt' does not claim open pages: the first reload after install does.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function servicesNamed(page: Page, name: string): Promise<ServerService[]> {
  const response = await page.request.get('/api/services');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ServerService[]).filter((s) => s.name === name);
}

/**
 * Clicks the element with this role and name inside the page and measures, with the page's own
 * clock, until `text` is on screen (Playwright's polling would round the time up).
 */
async function timeUntilText(page: Page, role: string, name: string, text: string): Promise<number> {
  const target = page.getByRole(role as 'tab', { name, exact: true });
  const handle = await target.elementHandle();
  return page.evaluate(
    async ({ element, expected }) => {
      const started = performance.now();
      (element as HTMLElement).click();
      while (!document.body.innerText.includes(expected)) await new Promise((resolve) => requestAnimationFrame(resolve));
      return Math.round(performance.now() - started);
    },
    { element: handle, expected: text },
  );
}

const row = (page: Page, name: string): Locator => page.getByRole('table').getByRole('row').filter({ hasText: name });

/**
 * Cuts or restores the network of the whole context (page and service worker) and waits until the
 * page has noticed. (The header indicator is not waited for: a sync cycle still in flight when the
 * network goes can leave it on "Online" until the next attempt.)
 */
async function setOffline(context: BrowserContext, page: Page, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  await page.waitForFunction((expected) => navigator.onLine === expected, !offline);
}

test.describe('Sanitätsdienste', () => {
  test('Inhaber plant offline einen Dienst; er kommt nach dem Reload genau einmal an, das Mitglied sieht ihn, auch eine Offline-Änderung', async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const contextOptions = { baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin' };
    const ownerContext = await browser.newContext(contextOptions);
    const memberContext = await browser.newContext(contextOptions);
    try {
      const owner = await ownerContext.newPage();
      const member = await memberContext.newPage();
      const ownerName = uniqueName('inhaber');
      const memberName = uniqueName('helfer');
      const organization = `DRK ${uniqueName('e2e')}`;
      const serviceName = `Stadtfest ${uniqueName('dienst')}`;
      await registerViaUi(owner, ownerName);
      await registerViaUi(member, memberName);
      await createOrganizationWithKeyViaUi(owner, organization);
      await inviteAndAccept(owner, member, organization, memberName);

      // The owner's device knows the organisation (pull) and the app runs from the service worker.
      await owner.getByRole('link', { name: 'Sanitätsdienste', exact: true }).first().click();
      await expect(owner.getByRole('heading', { level: 1, name: 'Sanitätsdienste' })).toBeVisible();
      await expect(owner.getByRole('button', { name: 'Sanitätsdienst erstellen' })).toBeEnabled({ timeout: 20_000 });
      await controlledByServiceWorker(owner);

      // ---- Offline: create the service ----
      await setOffline(ownerContext, owner, true);
      const day = berlinDate(1);
      await owner.getByRole('button', { name: 'Sanitätsdienst erstellen' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Sanitätsdienst erstellen' });
      await dialog.getByLabel('Name').fill(serviceName);
      await dialog.getByLabel('Beschreibung').fill('Zwei Teams, Sanitätswache am Rathaus');
      await dialog.getByLabel('Ort').fill('Marktplatz 1');
      // German fields: TT.MM.JJJJ; a time is typed as hours then minutes.
      await dialog.getByLabel('Startdatum').fill(german(day));
      await dialog.getByLabel(/^Startzeit/).pressSequentially('1000');
      await dialog.getByLabel('Enddatum').fill(german(day));
      await dialog.getByLabel(/^Endzeit/).pressSequentially('1800');
      await expect(dialog.getByLabel('Organisation')).toHaveValue(/\d+/);
      await dialog.getByRole('button', { name: 'Erstellen' }).click();
      await expect(owner.getByText('Sanitätsdienst erstellt')).toBeVisible();
      await expect(owner).toHaveURL(/\/services\?tab=planned$/);
      const created = row(owner, serviceName);
      await expect(created).toContainText(`${german(day)} 10:00 – ${german(day)} 18:00`);
      await expect(created).toContainText('Geplant');
      await expect(created.getByText('Nicht synchronisiert')).toBeVisible();
      const href = (await created.getByRole('link', { name: 'Ansehen' }).getAttribute('href')) ?? '';
      const id = href.replace('/services/', '');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);

      // Still offline: a reload comes from the service worker, the service from IndexedDB.
      await owner.reload();
      await expect(owner.getByRole('heading', { level: 1, name: 'Sanitätsdienste' })).toBeVisible();
      await expect(row(owner, serviceName).getByText('Nicht synchronisiert')).toBeVisible();
      expect(await owner.evaluate(() => navigator.onLine)).toBe(false);

      // ---- Online: it reaches the server exactly once ----
      await setOffline(ownerContext, owner, false);
      await expect(row(owner, serviceName).getByText('Nicht synchronisiert')).toHaveCount(0, { timeout: 30_000 });
      await expect(row(owner, serviceName)).toBeVisible();
      const onServer = await servicesNamed(owner, serviceName);
      expect(onServer.map((s) => s.id)).toEqual([id]);
      expect(onServer[0]?.location).toBe('Marktplatz 1');
      expect(berlinTime.format(new Date(onServer[0]?.startDate ?? ''))).toBe('10:00');
      expect(berlinDay.format(new Date(onServer[0]?.startDate ?? ''))).toBe(day);
      expect(berlinTime.format(new Date(onServer[0]?.endDate ?? ''))).toBe('18:00');

      // The member's device pulls it; members may not archive or create.
      await member.goto('/services?tab=planned');
      await expect(row(member, serviceName)).toBeVisible({ timeout: 20_000 });
      await expect(row(member, serviceName)).toContainText('Marktplatz 1');
      await expect(member.getByRole('button', { name: 'Sanitätsdienst erstellen' })).toHaveCount(0);

      // ---- Offline again: edit the place on the detail page ----
      await setOffline(ownerContext, owner, true);
      await row(owner, serviceName).getByRole('link', { name: 'Ansehen' }).click();
      await expect(owner).toHaveURL(new RegExp(`/services/${id}$`));
      await expect(owner.getByRole('heading', { level: 1, name: serviceName })).toBeVisible();
      await owner.getByRole('button', { name: 'Bearbeiten' }).click();
      const edit = owner.getByRole('dialog', { name: 'Sanitätsdienst bearbeiten' });
      await expect(edit.getByLabel(/^Startzeit/)).toHaveValue('10');
      await expect(edit.getByLabel('Minuten (Startzeit)')).toHaveValue('00');
      await edit.getByLabel('Ort').fill('Festwiese Süd');
      await edit.getByRole('button', { name: 'Speichern' }).click();
      await expect(owner.getByText('Erfolgreich gespeichert')).toBeVisible();
      await expect(owner.getByRole('tabpanel')).toContainText('Festwiese Süd');
      await expect(owner.getByText('Nicht synchronisiert')).toBeVisible();

      await setOffline(ownerContext, owner, false);
      await expect(owner.getByText('Nicht synchronisiert')).toHaveCount(0, { timeout: 30_000 });
      const edited = await servicesNamed(owner, serviceName);
      expect(edited.map((s) => [s.id, s.location])).toEqual([[id, 'Festwiese Süd']]);
      // Only the changed field travelled: the times are as they were.
      expect(berlinTime.format(new Date(edited[0]?.startDate ?? ''))).toBe('10:00');
      await expect(row(member, serviceName)).toContainText('Festwiese Süd', { timeout: 20_000 });
    } finally {
      await ownerContext.close();
      await memberContext.close();
    }
  });

  // Correctness with a season's worth of services; how fast is for `pnpm bench`, not for a timed
  // assertion on a shared CI machine (the figures are printed for the log only).
  test('2.000 Dienste auf dem Gerät: Liste, Reiter, Seiten und Dashboard zeigen alle', async ({ page }) => {
    test.setTimeout(120_000);
    await registerViaUi(page, uniqueName('saison'));
    // An organisation through the API, with keys derived here (the key dialog is covered above).
    const keys = publicKeysToBase64Url(await deriveOrganizationKeys(generateOrganizationSecret()));
    const created = await page.request.post('/api/organizations', { data: { name: `Saison ${uniqueName('org')}`, description: null, ...keys } });
    expect(created.ok(), await created.text()).toBe(true);
    const organization = (await created.json()) as { id: number; name: string };
    const user = (await (await page.request.get('/api/user')).json()) as { id: number };
    await page.goto('/services');
    await expect(page.getByRole('button', { name: 'Sanitätsdienst erstellen' })).toBeEnabled({ timeout: 20_000 });

    // 2,000 services straight into the device's database, as a long season of pulls would leave them.
    await page.evaluate(
      async ({ userId, organizationId, organizationName }) => {
        const hour = 3_600_000;
        const now = Date.now();
        const rows = Array.from({ length: 2000 }, (_, n) => {
          const [start, end] = n < 100 ? [now - hour, now + (n + 1) * hour] : n < 500 ? [now + n * hour, now + (n + 4) * hour] : [now - (n + 8) * hour, now - n * hour];
          return {
            id: `0190f000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`,
            name: `Dienst ${String(n).padStart(4, '0')}`,
            description: null,
            location: 'Festplatz',
            startDate: new Date(start).toISOString(),
            endDate: new Date(end).toISOString(),
            organizationId,
            organizationName,
            createdById: userId,
            createdByName: null,
            createdAt: new Date(now).toISOString(),
            updatedAt: new Date(now).toISOString(),
            status: 'active',
            isBlocked: false,
            accessCode: null,
            version: 1,
          };
        });
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(`sanidok-${userId}`);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
        });
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('services', 'readwrite');
          const store = tx.objectStore('services');
          for (const r of rows) store.put(r);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
        });
        db.close();
      },
      { userId: user.id, organizationId: organization.id, organizationName: organization.name },
    );

    let started = Date.now();
    await page.goto('/services?tab=ended');
    const table = page.getByRole('table', { name: 'Beendete Dienste' });
    await expect(table.getByRole('row')).toHaveCount(51);
    const listLoad = Date.now() - started;
    await expect(page.getByText('1–50 von 1500')).toBeVisible();

    const tabSwitch = await timeUntilText(page, 'tab', 'Geplante', '1–50 von 400');
    const pageSwitch = await timeUntilText(page, 'button', '8', '351–400 von 400');

    started = Date.now();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await expect(page.getByRole('region', { name: 'Aktive Sanitätsdienste' }).getByTestId(/-count$/)).toHaveText('100');
    await expect(page.getByRole('region', { name: 'Geplante Sanitätsdienste' }).getByTestId(/-count$/)).toHaveText('400');
    await expect(page.getByRole('link', { name: '397 weitere geplante Dienste anzeigen →' })).toBeVisible();
    const dashboard = Date.now() - started;

    console.info(`2.000 Dienste in Chromium: Liste laden ${listLoad} ms, Tab-Wechsel ${tabSwitch} ms, Seitenwechsel ${pageSwitch} ms, Dashboard ${dashboard} ms`);
  });
});
