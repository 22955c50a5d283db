import { randomUUID } from 'node:crypto';
import { expect, test } from './support/consoleGuard';
import { registerViaUi, uniqueName } from './helpers';
import { clientHeader } from './support/api';
import { createOrganizationWithKeyViaUi } from './support/protocolSetup';

/**
 * A tablet set to English still shows and takes German dates. The native inputs showed
 * 03/14/1958 and 10:00 AM there.
 */
test.describe('Deutsche Datumsfelder bei englischem Browser', () => {
  test.use({ locale: 'en-US', timezoneId: 'Europe/Berlin', viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('Sanitätsdienst und Geburtsdatum: TT.MM.JJJJ, 24 Stunden, deutscher Kalender; 14031958 wird 14.03.1958', async ({ page }) => {
    test.setTimeout(120_000);
    await registerViaUi(page, uniqueName('sani'));
    const { id: organizationId } = await createOrganizationWithKeyViaUi(page, `DRK Müllheim ${uniqueName('org')}`);
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');

    // Service period: the date typed without dots, the time as hours and minutes.
    await page.goto('/services');
    await page.getByRole('button', { name: 'Sanitätsdienst erstellen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sanitätsdienst erstellen' });
    const start = dialog.getByLabel('Startdatum');
    await expect(start).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    await start.pressSequentially('14032030');
    // The calendar speaks German, weeks start on Monday.
    await expect(page.getByRole('button', { name: 'März 2030', exact: true })).toBeVisible();
    await expect(page.getByText('Mo', { exact: true }).first()).toBeVisible();
    await dialog.getByLabel(/^Startzeit/).pressSequentially('1745');
    await expect(start).toHaveValue('14.03.2030');
    await expect(dialog.getByLabel(/^Startzeit/)).toHaveValue('17');
    await expect(dialog.getByLabel('Minuten (Startzeit)')).toHaveValue('45');
    await expect(dialog).not.toContainText(/\b(AM|PM)\b/);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();

    // Date of birth in a new protocol: '14031958' and '14.03.1958' both work.
    const serviceId = randomUUID();
    const created = await page.request.post('/api/services', {
      headers: clientHeader,
      data: {
        id: serviceId, name: `Stadtfest ${uniqueName('e2e')}`, description: 'Sanitätswache', location: 'Marktplatz', organizationId,
        startDate: new Date(Date.now() - 3_600_000).toISOString(), endDate: new Date(Date.now() + 8 * 3_600_000).toISOString(),
      },
    });
    expect(created.status()).toBe(201);
    await page.goto('/patient-protocols/new');
    const form = page.getByRole('dialog', { name: 'Patientenprotokoll erstellen' });
    const birth = form.getByLabel('Geburtsdatum');
    await birth.pressSequentially('14031958');
    await form.getByRole('textbox', { name: 'Nachname' }).click();
    await expect(birth).toHaveValue('14.03.1958');
    await birth.fill('');
    await birth.pressSequentially('1.2.1960');
    await form.getByRole('textbox', { name: 'Nachname' }).click();
    await expect(birth).toHaveValue('01.02.1960');
  });
});
