import { expect, test } from './support/consoleGuard';
import { registerViaUi, uniqueName } from './helpers';
import { addMemberViaApi, clientHeader, createMaterialViaApi, createOrganizationViaApi, createRunningServiceViaApi, registerViaApi, setOffline } from './support/api';
import { recordTreatmentViaDialog, waitUntilCaptureReady } from './support/capture';
import { outboxSummary } from './support/device';
import { laneDatabaseFile } from './support/lane';
import { storedTreatments } from './support/serverDb';
import { addToServiceTeamViaApi } from './support/serviceTeams';

/**
 * A tablet reported lost (docs/decisions.md "A lost device pushes, then wipes itself"): the
 * owner reports it over the API while it is offline with a treatment in its outbox; at its next
 * contact it pushes that treatment, exactly once, then deletes the user's database and shows why.
 */
test('Ein als verloren gemeldetes Tablet überträgt erst die offline erfasste Behandlung, dann löscht es die Daten des Benutzers', async ({ page, context, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const owner = await playwright.request.newContext({ baseURL });
  await registerViaApi(owner, uniqueName('inhaber'));
  const organizationId = await createOrganizationViaApi(owner, `DRK ${uniqueName('org')}`);
  await createMaterialViaApi(owner, organizationId, 'Kühlpack', 'Stück');
  const serviceName = `Weinfest ${uniqueName('dienst')}`;
  const serviceId = await createRunningServiceViaApi(owner, organizationId, serviceName);

  const medic = uniqueName('sani');
  await registerViaUi(page, medic);
  const medicId = ((await (await page.request.get('/api/user')).json()) as { id: number }).id;
  await addMemberViaApi(owner, page.request, organizationId, medic, 'member');
  await addToServiceTeamViaApi(owner, serviceId, medicId);
  await page.goto('/minor-treatments');
  await waitUntilCaptureReady(page, serviceName, 'Kühlpack');

  // Offline in the tent: the treatment waits in the outbox. Meanwhile the owner reports the tablet lost.
  await setOffline(context, page, true);
  await recordTreatmentViaDialog(page, { patient: 'Hildegard Wipfelstein', description: 'Prellung Knie', material: { search: 'kühl', name: 'Kühlpack', quantity: 1 } });
  expect((await outboxSummary(page, medicId)).pending).toBe(1);
  const sessions = (await (await owner.get(`/api/organizations/${organizationId}/members/${medicId}/sessions`)).json()) as { id: string; syncingDevice: boolean }[];
  const tablet = sessions.find((s) => s.syncingDevice);
  expect(tablet, 'die Sitzung des Tablets').toBeDefined();
  const report = await owner.post(`/api/organizations/${organizationId}/members/${medicId}/sessions/${tablet?.id ?? ''}/lost`, { headers: clientHeader });
  expect(report.status(), await report.text()).toBe(200);
  expect(storedTreatments(laneDatabaseFile(), serviceId).ids).toEqual([]);

  // Coverage returns: the outbox goes out, then the device is wiped and says why.
  await setOffline(context, page, false);
  await expect(page).toHaveURL(/\/auth$/, { timeout: 30_000 });
  const notice = page.getByRole('alert').filter({ hasText: 'Daten auf diesem Gerät gelöscht' });
  await expect(notice).toContainText('Dieses Gerät wurde als verloren gemeldet.');
  expect(storedTreatments(laneDatabaseFile(), serviceId).ids).toHaveLength(1);
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(databases).not.toContain(`sanidok-${medicId}`);
  await owner.dispose();
});
