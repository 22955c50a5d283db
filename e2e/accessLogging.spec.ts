import { expect, test } from './support/consoleGuard';
import { clientHeader, createOrganizationViaApi, createRunningServiceViaApi, registerViaApi } from './support/api';
import { createProtocolViaApi, expectOutboxDrained, tabletContextOptions } from './support/protocolSetup';
import { uniqueName } from './helpers';

/**
 * The texts promise that opening a service's patient list and showing a minor
 * treatment's full name are logged. Both happen on the tablet, travel through the outbox, and the
 * owner finds them in 'Zugriffsprotokolle' — with the record named, never the patient.
 */
test('Patientenliste und voller Name einer Bagatellbehandlung erscheinen im Zugriffsprotokoll des Inhabers', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...tabletContextOptions, baseURL });
  try {
    const page = await context.newPage();
    const username = uniqueName('inhaberin');
    const userId = await registerViaApi(page, username);
    const organizationName = `Wasserwacht ${uniqueName('org')}`;
    const organizationId = await createOrganizationViaApi(page.request, organizationName);
    const serviceId = await createRunningServiceViaApi(page.request, organizationId, `Seefest ${uniqueName('dienst')}`);
    await createProtocolViaApi(page.request, serviceId, { chiefComplaint: 'Kreislaufschwäche', patientData: { firstName: 'Ottilie', lastName: 'Brennecke' } });
    const treatment = await page.request.post('/api/minor-treatments', {
      headers: clientHeader, data: { serviceId, patientName: 'Gundula Pfefferkorn', description: 'Wespenstich gekühlt' },
    });
    expect(treatment.status(), await treatment.text()).toBe(201);

    // The service's patient list names the patient: its opening is logged.
    await page.goto(`/services/${serviceId}?tab=patient-protocols`);
    const list = page.getByRole('list', { name: 'Patientenprotokolle des Sanitätsdienstes' });
    await expect(list).toContainText('Ottilie Brennecke', { timeout: 20_000 });

    // The minor-treatment list masks the name; 'Details' shows it in full, and that is logged.
    await page.goto('/minor-treatments');
    const row = page.getByRole('table', { name: 'Bagatellbehandlungen' }).getByRole('row').filter({ hasText: 'Wespenstich' });
    await expect(row).toContainText('Gu***** Pf*********', { timeout: 20_000 });
    await row.getByRole('button', { name: 'Details' }).click();
    await expect(page.getByText('Patient: Gundula Pfefferkorn')).toBeVisible();
    await expectOutboxDrained(page, userId);

    await page.goto('/organizations');
    const detail = page.getByRole('region', { name: organizationName });
    await detail.getByRole('tab', { name: 'Zugriffsprotokolle' }).click();
    const log = detail.getByRole('table', { name: 'Zugriffsprotokolle' });
    const listRow = log.getByRole('row').filter({ hasText: 'Patientenliste des Dienstes geöffnet' });
    await expect(listRow).toHaveCount(1, { timeout: 20_000 });
    await expect(listRow).toContainText(username);
    const nameRow = log.getByRole('row').filter({ hasText: 'Vollständiger Name einer Bagatellbehandlung angezeigt' });
    await expect(nameRow).toHaveCount(1);
    await expect(nameRow).toContainText(((await treatment.json()) as { id: string }).id);
    // The log names records, never patients.
    await expect(log).not.toContainText('Pfefferkorn');
    await expect(log).not.toContainText('Brennecke');
  } finally {
    await context.close();
  }
});
