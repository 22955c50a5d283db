import type { Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
import { uniqueName } from './helpers';
import { loginAdminViaUi } from './support/adminTotp';
import { expectAccessible, tabletLandscape, tabletPortrait } from './support/a11y';
import type { A11yFixture } from './support/a11yData';
import { newTabletContext, prepareA11yData } from './support/a11yData';

/**
 * axe-core finds no serious or critical violation (WCAG 2.1 A/AA and best
 * practices) on any screen, in the light colour scheme (the app's only one, AppProviders) on a
 * tablet. No rule is switched off. One signed-in context holds the data all screens share.
 */

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function scanTabs(page: Page, screen: string, tabs: readonly string[], ready?: (tab: string) => Promise<void>): Promise<void> {
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    if (ready) await ready(tab);
    await expectAccessible(page, `${screen}, Reiter ${tab}`);
  }
}

// Each test walks many screens and dialogs and runs axe on every one (a minute of work on a busy
// 2-core CI machine): a longer budget than the single-flow specs, not a slower app.
test.describe.configure({ timeout: 120_000 });

test.describe('Barrierefreiheit – öffentliche Seiten', () => {
  for (const [orientation, options] of [['hochkant', tabletPortrait], ['quer', tabletLandscape]] as const) {
    test(`Startseite, Anmeldung, Registrierung, Rechtstexte (Tablet ${orientation})`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ ...options, baseURL });
      try {
        const page = await context.newPage();
        await page.goto('/');
        await expect(heading(page, /./)).toBeVisible();
        await expectAccessible(page, 'Startseite');

        await page.goto('/auth');
        await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
        await expectAccessible(page, 'Anmeldung');
        await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await expectAccessible(page, 'Anmeldung mit Fehlermeldungen');

        await page.getByRole('tab', { name: 'Registrieren' }).click();
        await expect(page.getByLabel('Passwort bestätigen')).toBeVisible();
        await expectAccessible(page, 'Registrierung');
        await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await expectAccessible(page, 'Registrierung mit Fehlermeldungen');

        for (const [path, name] of [
          ['/impressum', 'Impressum'], ['/datenschutz', 'Datenschutz'], ['/nutzungsbedingungen', 'Nutzungsbedingungen'],
          ['/passwort-vergessen', 'Passwort vergessen'], ['/passwort-zuruecksetzen', 'Neues Passwort festlegen'],
        ] as const) {
          await page.goto(path);
          await expect(heading(page, new RegExp(name))).toBeVisible();
          await expectAccessible(page, name);
        }

        await page.goto('/gibt-es-nicht');
        await expect(heading(page, /./)).toBeVisible();
        await expectAccessible(page, 'Seite nicht gefunden');
      } finally {
        await context.close();
      }
    });
  }
});

test.describe('Barrierefreiheit – angemeldet (Tablet hochkant)', () => {
  let fixture: A11yFixture;

  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(90_000);
    fixture = await prepareA11yData(browser, testInfo.project.use.baseURL);
  });

  test.afterAll(async () => {
    // Undefined when beforeAll failed: its error is the one to report, not a TypeError here.
    await (fixture as A11yFixture | undefined)?.context.close();
  });

  test('Rahmen, Dashboard, Einstellungen, Profil', async () => {
    const { page } = fixture;
    await page.goto('/dashboard');
    await expect(heading(page, 'Dashboard')).toBeVisible();
    await expect(page.getByText(fixture.runningService.name).first()).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'Dashboard');

    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await expect(page.getByRole('dialog', { name: 'Menü' })).toBeVisible();
    await expectAccessible(page, 'Navigationsmenü');
    await page.getByRole('dialog', { name: 'Menü' }).getByRole('button', { name: 'Menü schließen' }).click();
    await expect(page.getByRole('dialog', { name: 'Menü' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, 'Benutzermenü');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    await page.goto('/settings');
    await expect(heading(page, 'Einstellungen')).toBeVisible();
    await expectAccessible(page, 'Einstellungen');

    await page.goto('/profile');
    await expect(heading(page, 'Profil')).toBeVisible();
    await expect(page.getByText(fixture.organizationName).first()).toBeVisible();
    await expectAccessible(page, 'Profil');

    // Turned sideways the frame shows the sidebar instead of the drawer.
    const landscape = tabletLandscape.viewport ?? { width: 1024, height: 768 };
    const portrait = tabletPortrait.viewport ?? { width: 768, height: 1024 };
    await page.setViewportSize(landscape);
    try {
      await page.goto('/dashboard');
      await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Patientenarchiv' })).toBeVisible();
      await expect(page.getByText(fixture.runningService.name).first()).toBeVisible();
      await expectAccessible(page, 'Dashboard quer mit Seitenleiste');
    } finally {
      await page.setViewportSize(portrait);
    }
  });

  test('Sanitätsdienste, Dienstdetail, Bagatellbehandlungen, Material erfassen', async () => {
    const { page, runningService } = fixture;
    await page.goto('/services');
    await expect(heading(page, 'Sanitätsdienste')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: runningService.name })).toBeVisible({ timeout: 20_000 });
    await scanTabs(page, 'Sanitätsdienste', ['Aktive', 'Geplante', 'Beendete Dienste'], async () => {
      await expect(page.getByRole('table').first()).toBeVisible();
    });
    await page.getByRole('button', { name: 'Sanitätsdienst erstellen' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Sanitätsdienst erstellen' });
    await expect(createDialog).toBeVisible();
    await expectAccessible(page, 'Dialog Sanitätsdienst erstellen');
    await createDialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(createDialog).toHaveCount(0);

    await page.goto(`/services/${runningService.id}`);
    await expect(heading(page, runningService.name)).toBeVisible();
    await scanTabs(page, 'Sanitätsdienst', ['Übersicht', 'Bagatellen', 'Patientenprotokolle', 'Materialverbrauch'], async (tab) => {
      if (tab === 'Bagatellen') await expect(page.getByText('Schürfwunde Knie', { exact: false }).first()).toBeVisible();
      if (tab === 'Materialverbrauch') await expect(page.getByRole('table', { name: 'Materialverbrauch' })).toContainText('Verbandpäckchen');
    });

    await page.goto('/minor-treatments');
    await expect(heading(page, 'Bagatellbehandlungen')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Bagatellbehandlungen' }).getByRole('row')).toHaveCount(2);
    await expectAccessible(page, 'Bagatellbehandlungen');
    await page.getByRole('button', { name: 'Neue Behandlung' }).click();
    const treatmentDialog = page.getByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
    await expect(treatmentDialog.getByRole('combobox', { name: 'Sanitätsdienst' })).toHaveValue(runningService.name);
    await expectAccessible(page, 'Dialog Bagatellbehandlung erfassen');
    await treatmentDialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(treatmentDialog.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectAccessible(page, 'Dialog Bagatellbehandlung erfassen mit Fehlermeldungen');
    await treatmentDialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(treatmentDialog).toHaveCount(0);

    await page.goto(`/materials/used?serviceId=${runningService.id}`);
    await expect(heading(page, 'Material erfassen')).toBeVisible();
    await expect(page.getByText(runningService.name)).toBeVisible();
    await expectAccessible(page, 'Material erfassen');
  });

  test('Patientenprotokolle: Liste, Erstellen-Dialog, Bearbeiten mit allen Reitern und Dialogen', async () => {
    const { page, openProtocolId, dischargedProtocolId } = fixture;
    await page.goto('/patient-protocols');
    await expect(heading(page, 'Patientenprotokolle')).toBeVisible();
    await expect(page.getByText('Wählen Sie ein Protokoll aus')).toBeVisible();
    await expect(page.getByText('Protokoll #2')).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'Patientenprotokolle ohne Auswahl');

    await page.goto(`/patient-protocols?id=${openProtocolId}`);
    await expect(page.getByText('Sonnenschein').first()).toBeVisible();
    await expectAccessible(page, 'Patientenprotokolle mit Auswahl');
    await scanTabs(page, 'Protokolldetails', ['Vitalparameter'], async () => {
      await expect(page.locator('main').getByText('135/85').first()).toBeVisible();
    });

    await page.getByRole('button', { name: 'Neues Protokoll' }).first().click();
    const createDialog = page.getByRole('dialog', { name: 'Patientenprotokoll erstellen' });
    await expect(createDialog).toBeVisible();
    await expectAccessible(page, 'Dialog Patientenprotokoll erstellen');
    await createDialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(createDialog).toHaveCount(0);

    await page.goto(`/patient-protocols/${openProtocolId}`);
    await expect(heading(page, 'Protokoll #1')).toBeVisible({ timeout: 20_000 });
    await scanTabs(page, 'Protokoll', ['Patient', 'Befund', 'Behandlung', 'Material', 'Vitalparameter'], async (tab) => {
      if (tab === 'Behandlung') await expect(page.getByText('Beine hochgelagert').first()).toBeVisible();
      if (tab === 'Vitalparameter') await expect(page.getByRole('button', { name: 'Neue Messung' })).toBeVisible();
    });
    await page.getByRole('button', { name: 'Neue Messung' }).click();
    const vitalsDialog = page.getByRole('dialog', { name: 'Neue Vitalparameter-Messung' });
    await expect(vitalsDialog).toBeVisible();
    await expectAccessible(page, 'Dialog Neue Vitalparameter-Messung');
    await page.keyboard.press('Escape');
    await expect(vitalsDialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Patient entlassen' }).click();
    const dischargeDialog = page.getByRole('dialog', { name: 'Patient entlassen' });
    await expect(dischargeDialog).toBeVisible();
    await expectAccessible(page, 'Dialog Patient entlassen');
    await dischargeDialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dischargeDialog).toHaveCount(0);

    await page.goto(`/patient-protocols/${dischargedProtocolId}`);
    await expect(heading(page, 'Protokoll #2')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.')).toBeVisible();
    await expectAccessible(page, 'Entlassenes Protokoll');
  });

  test('Organisationen mit Reitern und Dialogen, Patientenarchiv', async () => {
    const { page, organizationName, runningService } = fixture;
    await page.goto('/organizations');
    await expect(heading(page, 'Organisationen')).toBeVisible();
    await page.getByRole('button', { name: new RegExp(organizationName) }).click();
    const detail = page.getByRole('region', { name: organizationName });
    await expect(detail.getByRole('list', { name: 'Mitglieder' }).getByRole('listitem')).toHaveCount(2);
    await expectAccessible(page, 'Organisationen, Mitglieder');
    await detail.getByRole('tab', { name: 'Material' }).click();
    await expect(detail.getByRole('table', { name: 'Material' })).toContainText('Kühlpack');
    await expectAccessible(page, 'Organisationen, Material');
    await detail.getByRole('tab', { name: 'Zugriffsprotokolle' }).click();
    await expect(detail.getByRole('table', { name: 'Zugriffsprotokolle' })).toBeVisible();
    await expectAccessible(page, 'Organisationen, Zugriffsprotokolle');

    await detail.getByRole('tab', { name: 'Mitglieder' }).click();
    await detail.getByRole('button', { name: 'Mitglied hinzufügen' }).click();
    const inviteDialog = page.getByRole('dialog', { name: 'Mitglied hinzufügen' });
    await expect(inviteDialog).toBeVisible();
    await expectAccessible(page, 'Dialog Mitglied hinzufügen');
    await inviteDialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(inviteDialog).toHaveCount(0);

    await detail.getByRole('tab', { name: 'Material' }).click();
    await detail.getByRole('button', { name: 'Material hinzufügen' }).click();
    const materialDialog = page.getByRole('dialog', { name: 'Material hinzufügen' });
    await expect(materialDialog).toBeVisible();
    await expectAccessible(page, 'Dialog Material hinzufügen');
    await materialDialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(materialDialog).toHaveCount(0);

    await page.getByRole('tab', { name: /Einladungen/ }).click();
    await expect(page.getByRole('button', { name: 'Annehmen' })).toBeVisible();
    await expectAccessible(page, 'Organisationen, Einladungen');

    // A new organisation: the create dialog and the one-time key dialog.
    await page.getByRole('button', { name: 'Organisation erstellen' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Organisation erstellen' });
    // Visible first, as for the other dialogs: scanned while it fades in, its colours are half-mixed.
    await expect(createDialog).toBeVisible();
    await expectAccessible(page, 'Dialog Organisation erstellen');
    await createDialog.getByLabel('Name').fill(`Johanniter ${uniqueName('org')}`);
    await createDialog.getByRole('button', { name: 'Erstellen' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'Organisationsschlüssel sichern' });
    await expect(keyDialog).toBeVisible({ timeout: 25_000 });
    await expectAccessible(page, 'Dialog Organisationsschlüssel sichern');
    await keyDialog.getByRole('button', { name: 'Schließen' }).last().click();
    await expect(page.getByText('Haben Sie den Schlüssel sicher gespeichert? Er wird nie wieder angezeigt.')).toBeVisible();
    await expectAccessible(page, 'Rückfrage Schlüssel gesichert');
    await page.getByRole('button', { name: 'Ja, Schlüssel ist gesichert' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/patient-archive');
    await expect(heading(page, 'Patientenarchiv')).toBeVisible();
    const organizationSelect = page.getByRole('combobox', { name: 'Organisation' });
    if ((await organizationSelect.inputValue()) !== organizationName) {
      await organizationSelect.click();
      await page.getByRole('option', { name: organizationName }).click();
    }
    const row = page.getByRole('table', { name: 'Archivierte Sanitätsdienste' }).getByRole('row', { name: new RegExp(runningService.name) });
    await expect(row).toBeVisible();
    await expectAccessible(page, 'Patientenarchiv');
    await row.getByRole('radio').check();
    await page.getByRole('textbox', { name: 'Verschlüsselungsschlüssel' }).fill(fixture.archiveKey);
    await page.getByRole('button', { name: 'Archiv öffnen' }).click();
    const archiveDialog = page.getByRole('dialog', { name: `Archivierte Protokolle – ${runningService.name}` });
    await expect(archiveDialog.getByRole('article')).toContainText('Normalverbraucher', { timeout: 25_000 });
    await expectAccessible(page, 'Dialog Archivierte Protokolle');
  });
});

test.describe('Barrierefreiheit – Admin-Bereich (Tablet hochkant)', () => {
  test('Alle Reiter des Admin-Bereichs', async ({ browser, baseURL }) => {
    const context = await newTabletContext(browser, baseURL);
    try {
      const page = await context.newPage();
      await loginAdminViaUi(page);
      await page.goto('/admin');
      await expect(heading(page, 'Admin-Bereich')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Benutzer der Plattform' })).toBeVisible();
      await scanTabs(page, 'Admin-Bereich', ['Benutzer', 'Organisationen', 'Sanitätsdienste', 'Archiv-Fehlversuche', 'Beta-Codes', 'E-Mail'], async () => {
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await expect(page.getByRole('tabpanel').getByLabel('Wird geladen …')).toHaveCount(0);
      });
      await page.getByRole('tab', { name: 'Beta-Codes' }).click();
      await page.getByRole('button', { name: 'Beta-Code generieren' }).click();
      const dialog = page.getByRole('dialog', { name: 'Beta-Code generieren' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, 'Dialog Beta-Code generieren');
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(dialog).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
