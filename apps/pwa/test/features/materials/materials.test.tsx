import type { Service } from '@sanidok/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { AppProviders } from '../../../src/app/AppProviders';
import { createQueryClient } from '../../../src/app/queryClient';
import { ServiceMaterialUsageTab } from '../../../src/features/materials/ServiceMaterialUsageTab';
import { renderSignedIn, runningService, seedSignedIn, serviceId, usageRow, uuid } from '../minorTreatments/minorTreatments.fixtures';
import { findToast, urlOf } from '../../helpers/render';

const hour = 3_600_000;

function renderTab(service: Service) {
  const router = createMemoryRouter([{ path: '*', element: <ServiceMaterialUsageTab service={service} /> }], { initialEntries: [`/services/${service.id}?tab=materials`] });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, router };
}

async function seedUsage(service = runningService()) {
  const db = await seedSignedIn([service]);
  await db.materialUsage.bulkPut([
    usageRow(uuid(1), 1, 2, '2026-07-04T10:00:00.000Z', { source: 'minor_treatment', sourceId: uuid(80) }),
    usageRow(uuid(2), 1, 3, '2026-07-04T12:30:00.000Z'),
    usageRow(uuid(3), 2, 1, '2026-07-04T11:00:00.000Z'),
    usageRow(uuid(4), 3, 9, '2026-07-04T09:00:00.000Z', { refilledAt: '2026-07-04T09:30:00.000Z' }),
  ]);
  return db;
}

/** jsdom has no object URLs; the download goes through them. Removed again after each test. */
function stubObjectUrls(create: (blob: Blob) => string) {
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: () => undefined });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
}

const table = () => screen.findByRole('table', { name: 'Materialverbrauch' });

describe('service detail tab Materialverbrauch', () => {
  it('sums open consumption per material from the device, most recent first', async () => {
    await seedUsage();
    renderTab(runningService());
    const usage = await table();
    expect(within(usage).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Material', 'Anzahl', 'Zuletzt verwendet', 'Aktionen']);
    const rows = within(usage).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/Pflaster.*5.*04\.07\.2026 14:30.*Aufgefüllt/);
    expect(rows[1]).toHaveTextContent(/Kühlpack.*1.*04\.07\.2026 13:00/);
    expect(usage).not.toHaveTextContent('Wundschnellverband');
    expect(screen.getByRole('button', { name: 'PDF Export' })).toBeEnabled();
  });

  it('marks one material refilled with the rows shown (Material entfernt)', async () => {
    const db = await seedUsage();
    const { user } = renderTab(runningService());
    const row = within(await table()).getByRole('row', { name: /Pflaster/ });
    await user.click(within(row).getByRole('button', { name: 'Aufgefüllt' }));
    const toast = await findToast('Material entfernt');
    expect(toast).toHaveTextContent('„Pflaster“ wurde als aufgefüllt markiert.');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Pflaster/ })).not.toBeInTheDocument());
    const [refill] = await db.outbox.toArray();
    expect(refill).toMatchObject({ name: 'materialUsage.refill', args: { serviceId, materialId: 1 } });
    expect([...(refill?.args as { usageIds: string[] }).usageIds].sort()).toEqual([uuid(1), uuid(2)]);
  });

  it('empties the list after a confirmation (Materialien geleert) and then offers Material erfassen', async () => {
    const db = await seedUsage();
    const { user } = renderTab(runningService());
    await table();
    await user.click(screen.getByRole('button', { name: 'Liste leeren' }));
    const confirm = await screen.findByRole('dialog', { name: 'Liste leeren' });
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(await db.outbox.count()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Liste leeren' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Liste leeren' })).getByRole('button', { name: 'Liste leeren' }));
    expect(await findToast('Materialien geleert')).toBeInTheDocument();
    expect(await screen.findByText('Keine verbrauchten Materialien')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Material erfassen' })).toHaveAttribute('href', `/materials/used?serviceId=${serviceId}`);
    const [clear] = await db.outbox.toArray();
    expect(clear?.args).not.toHaveProperty('materialId');
    expect([...(clear?.args as { usageIds: string[] }).usageIds].sort()).toEqual([uuid(1), uuid(2), uuid(3)]);
  });

  it('reports a failed clear in the dialog with the spec title and keeps the list', async () => {
    const db = await seedUsage();
    const { user } = renderTab(runningService());
    await table();
    await user.click(screen.getByRole('button', { name: 'Liste leeren' }));
    // Meanwhile a pull marked the service blocked: the device refuses like the server would.
    await db.services.update(serviceId, { isBlocked: true });
    const dialog = await screen.findByRole('dialog', { name: 'Liste leeren' });
    await user.click(within(dialog).getByRole('button', { name: 'Liste leeren' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Fehler beim Leeren der Materialien');
    expect(alert).toHaveTextContent('Dieser Sanitätsdienst ist gesperrt. Änderungen sind nicht möglich.');
    expect(await db.outbox.count()).toBe(0);
  });

  it('offers Material erfassen only while the service is running', async () => {
    const planned = runningService(uuid(5), { startDate: new Date(Date.now() + 24 * hour).toISOString(), endDate: new Date(Date.now() + 30 * hour).toISOString() });
    await seedSignedIn([planned]);
    renderTab(planned);
    expect(await screen.findByText('Keine verbrauchten Materialien')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Material erfassen' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Liste leeren' })).toBeDisabled();
  });

  it('builds the PDF in the browser and downloads it under the service name', async () => {
    await seedUsage();
    const blobs: Blob[] = [];
    stubObjectUrls((blob) => {
      blobs.push(blob);
      return 'blob:pdf';
    });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { user } = renderTab(runningService());
    await table();
    await user.click(screen.getByRole('button', { name: 'PDF Export' }));
    const toast = await findToast('Export erfolgreich');
    expect(toast).toHaveTextContent('Materialverbrauch-Schützenfest-Großhöchstädt.pdf wurde heruntergeladen.');
    expect(downloads).toEqual(['Materialverbrauch-Schützenfest-Großhöchstädt.pdf']);
    expect(blobs[0]?.type).toBe('application/pdf');
    expect(new TextDecoder().decode((await blobs[0]?.arrayBuffer())?.slice(0, 5))).toBe('%PDF-');
  });

  it('says Export fehlgeschlagen when the file cannot be made', async () => {
    await seedUsage();
    stubObjectUrls(() => {
      throw new Error('Kein Speicher für die Datei');
    });
    const { user } = renderTab(runningService());
    await table();
    await user.click(screen.getByRole('button', { name: 'PDF Export' }));
    expect(await findToast('Export fehlgeschlagen')).toHaveTextContent('Kein Speicher für die Datei');
  });
});

describe('/materials/used', () => {
  it('records material without a patient on the device and returns', async () => {
    const db = await seedSignedIn();
    const app = renderSignedIn(`/materials/used?serviceId=${serviceId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Material erfassen' })).toBeInTheDocument();
    expect(await screen.findByText('Schützenfest Großhöchstädt')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte wählen Sie mindestens ein Material aus')).toBeInTheDocument();

    await app.user.type(screen.getByRole('textbox', { name: 'Material hinzufügen' }), 'rettung{Enter}');
    const quantity = screen.getByRole('textbox', { name: 'Menge Rettungsdecke' });
    await app.user.clear(quantity);
    await app.user.type(quantity, '3');
    await app.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await findToast('Materialien gespeichert')).toHaveTextContent('1 Material wurde erfasst.');
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/services/${serviceId}`));
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ name: 'materialUsage.add', args: { serviceId, source: 'manual', materials: [{ id: 4, quantity: 3 }] } });
    expect(await db.materialUsage.toArray()).toMatchObject([{ materialId: 4, quantity: 3, source: 'manual', sourceId: null, refilledAt: null }]);
    expect(app.fetchMock.mock.calls.some(([url]) => urlOf(url).includes('/api/materials'))).toBe(false);
  });

  it('lets the user choose the service when none is given', async () => {
    await seedSignedIn([runningService(), runningService(uuid(2), { name: 'Stadtlauf' })]);
    const app = renderSignedIn('/materials/used');
    const select = await screen.findByRole('combobox', { name: 'Sanitätsdienst' });
    expect(screen.queryByRole('textbox', { name: 'Material hinzufügen' })).not.toBeInTheDocument();
    await app.user.click(select);
    await app.user.click(await screen.findByRole('option', { name: 'Stadtlauf' }));
    expect(await screen.findByRole('textbox', { name: 'Material hinzufügen' })).toBeInTheDocument();
  });
});
