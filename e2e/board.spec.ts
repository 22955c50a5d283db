import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { addMemberViaApi, controlledByServiceWorker, createOrganizationViaApi, createRunningServiceViaApi, registerViaApi, setOffline } from './support/api';
import { expectAccessible } from './support/a11y';
import { layoutProblems } from './support/layoutCheck';
import { createProtocolViaApi, expectOutboxDrained, tabletContextOptions } from './support/protocolSetup';
import { withDatabase } from './support/serverDb';
import { uniqueName } from './helpers';
import { laneDatabaseFile } from './support/lane';

/**
 * The command-post board ("Lagetafel", /services/{id}/board): a board in one browser
 * updates from another device's push through the live event stream; the wall mode shows no patient
 * data; offline the board says how old its data is; a diary entry written offline reaches the
 * server exactly once.
 */


interface Cast {
  lead: Page;
  medic: Page;
  medicId: number;
  serviceId: string;
  serviceName: string;
  medicContext: BrowserContext;
  contexts: BrowserContext[];
}

async function cast(browser: Browser): Promise<Cast> {
  const leadContext = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 900 } });
  const medicContext = await browser.newContext(tabletContextOptions);
  const lead = await leadContext.newPage();
  const medic = await medicContext.newPage();
  const [leadName, medicName] = [uniqueName('leitung'), uniqueName('sani')];
  await registerViaApi(lead, leadName);
  const medicId = await registerViaApi(medic, medicName);
  const organizationId = await createOrganizationViaApi(lead.request, `DRK Lagetafel ${uniqueName('org')}`);
  await addMemberViaApi(lead.request, medic.request, organizationId, medicName, 'member');
  const serviceName = `Festival ${uniqueName('dienst')}`;
  const serviceId = await createRunningServiceViaApi(lead.request, organizationId, serviceName);
  const team = await lead.request.put(`/api/services/${serviceId}/team`, { headers: { 'x-sanidok-client': 'e2e' }, data: { userIds: [medicId, ...(await leadId(lead))] } });
  expect(team.ok(), await team.text()).toBe(true);
  return { lead, medic, medicId, serviceId, serviceName, medicContext, contexts: [leadContext, medicContext] };
}

async function leadId(page: Page): Promise<number[]> {
  return [((await (await page.request.get('/api/user')).json()) as { id: number }).id];
}

async function openBoard(page: Page, serviceId: string, serviceName: string, wall = false): Promise<void> {
  await page.goto(`/services/${serviceId}/board${wall ? '?wall=1' : ''}`);
  // The first load of a tablet unlocks (Argon2id) and loads the route: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(serviceName) })).toBeVisible({ timeout: 45_000 });
}

async function writeDiaryEntry(page: Page, text: string): Promise<void> {
  await page.getByLabel('Neuer Tagebucheintrag').fill(text);
  await page.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
  await expect(page.getByTestId('board-diary').getByText(text)).toBeVisible();
}

const sizes = [
  { name: '1920x1080', width: 1920, height: 1080 },
  { name: '1024x768', width: 1024, height: 768 },
  { name: '800x1280', width: 800, height: 1280 },
  { name: '390x844', width: 390, height: 844 },
] as const;

async function screenshotsWithLayoutCheck(page: Page, testInfo: TestInfo, label: string): Promise<string[]> {
  const problems: string[] = [];
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({ path: testInfo.outputPath(`${label}-${size.name}.png`), fullPage: true });
    problems.push(...(await layoutProblems(page)).map((p) => `${size.name}: ${p.kind} ${p.what}`));
  }
  return problems;
}

test.describe('Lagetafel', () => {
  test('aktualisiert sich live nach dem Senden eines anderen Geräts', async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const { lead, medic, serviceId, serviceName, contexts } = await cast(browser);
    try {
      await openBoard(lead, serviceId, serviceName);
      await expect(lead.getByTestId('board-live')).toHaveText('Live', { timeout: 20_000 });
      await openBoard(medic, serviceId, serviceName);
      await expect(medic.getByTestId('board-live')).toHaveText('Live', { timeout: 20_000 });

      const text = `RTW 2 an Bühne ${uniqueName('lage')}`;
      const pushed = medic.waitForResponse((r) => r.url().includes('/api/sync/push') && r.ok());
      await writeDiaryEntry(medic, text);
      await pushed;
      const pushedAt = Date.now();
      await expect(lead.getByTestId('board-diary').getByText(text)).toBeVisible({ timeout: 10_000 });
      const latency = Date.now() - pushedAt;
      console.log(`Lagetafel: Eintrag ${latency} ms nach der Antwort auf den Push sichtbar (Ziel < 2000 ms)`);
      testInfo.annotations.push({ type: 'latency-ms', description: String(latency) });
      // The team panel shows the medic's tablet with nothing left to send.
      await expect(lead.getByTestId('board-team').getByText('alles gesendet').first()).toBeVisible({ timeout: 40_000 });
      await lead.screenshot({ path: testInfo.outputPath('board-1280.png'), fullPage: true });
    } finally {
      for (const context of contexts) await context.close();
    }
  });

  test('Wandanzeige zeigt keine Patientendaten und passt auf Fernseher und Tablets', async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const { lead, serviceId, serviceName, contexts } = await cast(browser);
    try {
      await createProtocolViaApi(lead.request, serviceId, { chiefComplaint: 'Schnittwunde Hand', patientData: { firstName: 'Erika', lastName: 'Mustermann' } });
      await openBoard(lead, serviceId, serviceName);
      await expect(lead.getByTestId('board-open-protocols')).toContainText('Offene Protokolle: 1', { timeout: 20_000 });
      const note = `Ärztin Dr. Wand an Zelt 1 ${uniqueName('n')}`;
      await writeDiaryEntry(lead, note);
      await expectAccessible(lead, 'Lagetafel');

      await lead.getByRole('link', { name: 'Wandanzeige' }).click();
      const board = lead.getByTestId('board');
      await expect(board).toHaveAttribute('data-wall', 'true');
      await expect(lead.getByTestId('board-open-protocols')).toContainText('Offene Protokolle: 1');
      const shown = await lead.locator('body').innerText();
      for (const secret of ['Erika', 'Mustermann', 'Schnittwunde', note]) expect(shown, secret).not.toContain(secret);
      await expect(lead.getByTestId('board-diary')).toContainText('Manueller Eintrag');
      await expectAccessible(lead, 'Lagetafel Wandanzeige');
      const problems = await screenshotsWithLayoutCheck(lead, testInfo, 'wall');
      expect(problems).toEqual([]);

      await lead.setViewportSize({ width: 1024, height: 768 });
      await lead.getByRole('link', { name: 'Wandanzeige beenden' }).click();
      await expect(board).toHaveAttribute('data-wall', 'false');
      expect(await screenshotsWithLayoutCheck(lead, testInfo, 'board')).toEqual([]);
    } finally {
      for (const context of contexts) await context.close();
    }
  });

  test('offline: zeigt die Daten des Geräts mit ihrem Stand; ein Tagebucheintrag kommt nach Neuladen genau einmal an', async ({ browser }) => {
    test.setTimeout(180_000);
    const { medic, medicId, serviceId, serviceName, medicContext: context, contexts } = await cast(browser);
    try {
      await openBoard(medic, serviceId, serviceName);
      await controlledByServiceWorker(medic);
      await expect(medic.getByTestId('board-as-of')).toContainText('Stand:', { timeout: 20_000 });
      await setOffline(context, medic, true);
      await expect(medic.getByTestId('board-offline')).toContainText('Offline: Die Lagetafel zeigt die Daten dieses Geräts. Stand:');
      await expect(medic.getByTestId('board-live')).toHaveText('Offline');

      const text = `Nachforderung Trage ${uniqueName('off')}`;
      await writeDiaryEntry(medic, text);
      await medic.reload();
      await expect(medic.getByTestId('board-diary').getByText(text)).toBeVisible({ timeout: 20_000 });
      await expect(medic.getByTestId('board-offline')).toBeVisible();

      await setOffline(context, medic, false);
      await expectOutboxDrained(medic, medicId);
      await expect(medic.getByTestId('board-live')).toHaveText('Live', { timeout: 20_000 });
      const stored = withDatabase(laneDatabaseFile(), (db) => db.prepare('select count(*) as n from service_diary_entries where text = ?').get(text) as { n: number });
      expect(stored.n).toBe(1);
      const quarantined = withDatabase(laneDatabaseFile(), (db) => db.prepare("select count(*) as n from sync_quarantine where name = 'diaryEntry.create'").get() as { n: number });
      expect(quarantined.n).toBe(0);
    } finally {
      for (const c of contexts) await c.close();
    }
  });
});
