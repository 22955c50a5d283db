import { expect, test } from './support/consoleGuard';
import { registerViaUi, uniqueName } from './helpers';
import { controlledByServiceWorker, createMaterialViaApi, createRunningServiceViaApi, setOffline } from './support/api';
import { recordTreatmentViaDialog, waitUntilCaptureReady } from './support/capture';
import { createOrganizationWithKeyViaUi } from './support/protocolSetup';

/**
 * Docs/decisions.md "Quiet offline": while the browser says it is offline, the app sends no
 * request — not on a write, not on its timer, not on a screen change — and syncs at once when
 * the network is back.
 */
test.describe('Offline ist es still', () => {
  test('eine Bagatelle und zwei Bildschirmwechsel offline: keine einzige Anfrage, danach sofort synchronisiert', async ({ page, context }) => {
    test.setTimeout(120_000);
    // The page's clock runs as usual but can be moved on: the offline stretch below fires the sync
    // engine's 5 s timer (apps/pwa/src/sync/timing.ts) without waiting for it.
    await page.clock.install();
    await registerViaUi(page, uniqueName('sani'));
    const { id: organizationId } = await createOrganizationWithKeyViaUi(page, `DRK Funkloch ${uniqueName('org')}`);
    await createMaterialViaApi(page.request, organizationId, 'Kühlpack', 'Stück');
    const serviceName = `Stadtfest ${uniqueName('dienst')}`;
    await createRunningServiceViaApi(page.request, organizationId, serviceName);
    await page.goto('/minor-treatments');
    await waitUntilCaptureReady(page, serviceName, 'Kühlpack');
    await controlledByServiceWorker(page);

    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) sent.push(`${request.method()} ${request.url()}`);
    });
    await setOffline(context, page, true);
    await recordTreatmentViaDialog(page, { patient: 'Jürgen Müller', description: 'Prellung Unterarm', material: { search: 'kühl', name: 'Kühlpack', quantity: 1 } });
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.getByRole('link', { name: 'Bagatellbehandlungen' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bagatellbehandlungen' })).toBeVisible();
    // The stretch outlasts the engine's timer: that is what it is about.
    await page.clock.runFor(6_000);
    expect(sent).toEqual([]);

    // Back online: the waiting treatment leaves at once.
    const push = page.waitForRequest((request) => request.url().endsWith('/api/sync/push'));
    await setOffline(context, page, false);
    await push;
  });
});
