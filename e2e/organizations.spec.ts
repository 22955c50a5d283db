import { existsSync, readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/consoleGuard';
// The package's source, not its name: the e2e folder has no dependencies of its own.
import { parseOrganizationSecret } from '@sanidok/crypto';
import { registerViaUi, uniqueName } from './helpers';
import { laneDatabaseFile } from './support/lane';

const keyPattern = /^SANI1(-[0-9A-HJKMNP-TV-Z]{1,5}){12}$/;

/** Every file SQLite keeps the database in: the main file and, in WAL mode, the log. */
function databaseBytes(): Buffer[] {
  return [laneDatabaseFile(), `${laneDatabaseFile()}-wal`, `${laneDatabaseFile()}-shm`].filter((f) => existsSync(f)).map((f) => readFileSync(f));
}

async function organizationDetail(page: Page, name: string): Promise<Locator> {
  const detail = page.getByRole('region', { name });
  await expect(detail).toBeVisible();
  return detail;
}

test.describe('Organisationen', () => {
  test('Inhaber erstellt eine Organisation, sichert den Schlüssel einmal, lädt ein; das Mitglied nimmt an', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const contextOptions = { baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin' };
    const ownerContext = await browser.newContext(contextOptions);
    const memberContext = await browser.newContext(contextOptions);
    try {
      const owner = await ownerContext.newPage();
      const member = await memberContext.newPage();
      const ownerName = uniqueName('inhaber');
      const memberName = uniqueName('helfer');
      const organizationName = `Sanitätsdienst ${uniqueName('e2e')}`;
      await registerViaUi(owner, ownerName);

      // The owner creates the organisation; the key dialog shows the key once.
      await owner.getByRole('link', { name: 'Organisation', exact: true }).click();
      await expect(owner.getByRole('heading', { level: 1, name: 'Organisationen' })).toBeVisible();
      await owner.getByRole('button', { name: 'Organisation erstellen' }).click();
      const createDialog = owner.getByRole('dialog', { name: 'Organisation erstellen' });
      await createDialog.getByLabel('Name').fill(organizationName);
      await createDialog.getByLabel('Beschreibung').fill('Ende-zu-Ende-Test');
      await createDialog.getByRole('button', { name: 'Erstellen' }).click();

      const keyDialog = owner.getByRole('dialog', { name: 'Organisationsschlüssel sichern' });
      // libsodium needs WebAssembly: the server's CSP must allow it ('wasm-unsafe-eval').
      await expect(keyDialog, 'Schlüsseldialog fehlt – erlaubt die CSP WebAssembly?').toBeVisible({ timeout: 25_000 });
      await expect(owner.getByText('Organisation erstellt')).toBeVisible();
      const keyText = await keyDialog.getByLabel('Organisationsschlüssel').inputValue();
      expect(keyText).toMatch(keyPattern);
      const fingerprint = (await keyDialog.getByLabel('Fingerabdruck').textContent())?.trim() ?? '';
      expect(fingerprint).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){7}$/);

      // The recovery sheet is an in-app print view: in print media only the sheet is visible.
      await owner.evaluate(() => {
        window.print = () => undefined;
      });
      await keyDialog.getByRole('button', { name: 'Wiederherstellungsblatt drucken' }).click();
      await owner.emulateMedia({ media: 'print' });
      const sheet = owner.locator('body > .sanidok-recovery-print');
      await expect(sheet).toBeVisible();
      await expect(sheet).toContainText(organizationName);
      await expect(sheet).toContainText(fingerprint);
      await expect(sheet.locator('.sanidok-recovery-key span')).toHaveText(keyText.split('-'));
      await expect(owner.locator('#root')).toBeHidden();
      await owner.emulateMedia({ media: 'screen' });
      await expect(sheet).toBeHidden();
      await owner.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      await expect(owner.locator('.sanidok-recovery-print')).toHaveCount(0);

      // Closing asks first.
      await keyDialog.getByRole('button', { name: 'Schließen' }).last().click();
      await expect(owner.getByText('Haben Sie den Schlüssel sicher gespeichert? Er wird nie wieder angezeigt.')).toBeVisible();
      await owner.getByRole('button', { name: 'Ja, Schlüssel ist gesichert' }).click();
      await expect(owner.getByRole('dialog')).toHaveCount(0);

      const organizations = (await (await owner.request.get('/api/organizations')).json()) as { id: number; name: string; keyFingerprint: string }[];
      const created = organizations.find((o) => o.name === organizationName);
      expect(created?.keyFingerprint).toBe(fingerprint);
      const organizationId = created?.id ?? 0;
      expect(JSON.stringify(organizations)).not.toContain('SANI1');

      // After a reload the key is gone for good; the owner now sees the archive entry.
      await owner.reload();
      await organizationDetail(owner, organizationName);
      await expect(owner.getByRole('dialog', { name: 'Organisationsschlüssel sichern' })).toHaveCount(0);
      expect(await owner.content()).not.toContain(keyText);
      await expect(owner.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Patientenarchiv' })).toBeVisible();

      // The owner invites a name nobody has registered yet: the invitation waits in the owner's list.
      let ownerDetail = await organizationDetail(owner, organizationName);
      await ownerDetail.getByRole('button', { name: 'Mitglied hinzufügen' }).click();
      const inviteDialog = owner.getByRole('dialog', { name: 'Mitglied hinzufügen' });
      await inviteDialog.getByLabel('Benutzername oder E-Mail-Adresse').fill(memberName);
      await expect(inviteDialog.getByRole('combobox', { name: 'Rolle' })).toHaveValue('Mitglied');
      await inviteDialog.getByRole('button', { name: 'Einladung senden' }).click();
      await expect(owner.getByText('Einladung versendet')).toBeVisible();
      const openInvitations = ownerDetail.getByRole('list', { name: 'Offene Einladungen' });
      await expect(openInvitations.getByRole('listitem', { name: memberName })).toContainText(`von ${ownerName}`);

      // The helper registers that name and finds the invitation under Einladungen (badge counts it).
      await registerViaUi(member, memberName);
      await member.goto('/organizations');
      const invitationsTab = member.getByRole('tab', { name: /Einladungen/ });
      await expect(invitationsTab.getByTestId('invitations-badge')).toHaveText('1', { timeout: 15_000 });
      await invitationsTab.click();
      const invitation = member.getByRole('listitem', { name: organizationName });
      await expect(invitation).toContainText(`Eingeladen von ${ownerName}`);
      await invitation.getByRole('button', { name: 'Annehmen' }).click();
      await expect(member.getByText('Einladung bearbeitet')).toBeVisible();
      const memberDetail = await organizationDetail(member, organizationName);
      await expect(memberDetail.getByRole('tab', { name: 'Mitglieder' })).toBeVisible();
      await expect(memberDetail.getByRole('tab', { name: 'Zugriffsprotokolle' })).toHaveCount(0);
      await expect(memberDetail.getByRole('button', { name: 'Austreten' })).toBeVisible();
      await expect(member.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Patientenarchiv' })).toHaveCount(0);

      // The owner's member list picks the new member up by polling (5 s).
      ownerDetail = await organizationDetail(owner, organizationName);
      const memberRow = ownerDetail.getByRole('list', { name: 'Mitglieder' }).getByRole('listitem').filter({ hasText: memberName });
      await expect(memberRow).toBeVisible({ timeout: 15_000 });
      await expect(memberRow.getByText('Mitglied', { exact: true })).toBeVisible();
      await expect(openInvitations.getByRole('listitem', { name: memberName })).toHaveCount(0);

      // The owner adds a material; it is listed.
      await ownerDetail.getByRole('tab', { name: 'Material' }).click();
      await ownerDetail.getByRole('button', { name: 'Material hinzufügen' }).click();
      const materialDialog = owner.getByRole('dialog', { name: 'Material hinzufügen' });
      await materialDialog.getByLabel('Name').fill('Rettungsdecke');
      await materialDialog.getByRole('textbox', { name: 'Einheit', exact: true }).fill('Stück');
      await materialDialog.getByRole('button', { name: 'Material hinzufügen' }).click();
      const materialTable = ownerDetail.getByRole('table', { name: 'Material' });
      await expect(materialTable.getByRole('row').filter({ hasText: 'Rettungsdecke' })).toContainText('Stück');

      // The owner sees the (empty) access log; the member is refused by the server as well.
      await ownerDetail.getByRole('tab', { name: 'Zugriffsprotokolle' }).click();
      await expect(ownerDetail.getByText('Keine Zugriffsprotokolle vorhanden.')).toBeVisible();
      const refused = await member.request.get(`/api/organizations/${organizationId}/access-logs`);
      expect(refused.status()).toBe(403);

      // Neither the key nor its secret in any encoding reached the server's database.
      const parsed = parseOrganizationSecret(keyText);
      if (!parsed.ok) throw new Error(`Schlüssel nicht lesbar: ${parsed.reason}`);
      const secret = Buffer.from(parsed.secret);
      const forbidden = [
        keyText,
        keyText.replace(/-/g, ''),
        keyText.slice('SANI1-'.length),
        secret.toString('hex'),
        secret.toString('hex').toUpperCase(),
        secret.toString('base64'),
        secret.toString('base64url'),
      ];
      const files = databaseBytes();
      expect(files.length).toBeGreaterThan(0);
      // The database does hold this organisation (so the files read are the right ones).
      expect(files.some((bytes) => bytes.includes(Buffer.from(fingerprint)))).toBe(true);
      for (const bytes of files) {
        for (const text of forbidden) expect(bytes.includes(Buffer.from(text)), `${text.slice(0, 12)}… in der Datenbank`).toBe(false);
        expect(bytes.includes(secret)).toBe(false);
      }
    } finally {
      await ownerContext.close();
      await memberContext.close();
    }
  });
});
