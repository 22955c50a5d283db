import type { Service } from '@sanidok/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../src/app/AppProviders';
import { createQueryClient } from '../../../src/app/queryClient';
import * as repository from '../../../src/data/repositories/minorTreatments';
import { ServiceMinorTreatmentsTab } from '../../../src/features/minorTreatments/ServiceMinorTreatmentsTab';
import { runningService, seedSignedIn, treatmentRow, uuid } from './minorTreatments.fixtures';
import { findDialogError, findToast } from '../../helpers/render';

// The real repository, except where one test holds or fails the save.
vi.mock('../../../src/data/repositories/minorTreatments', async (importOriginal) => {
  const original = await importOriginal<typeof repository>();
  return { ...original, createMinorTreatment: vi.fn(original.createMinorTreatment) };
});

/** The tab as the service detail page mounts it (its slot), without the rest of the page. */
function renderTab(service: Service) {
  const router = createMemoryRouter([{ path: '*', element: <ServiceMinorTreatmentsTab service={service} /> }], { initialEntries: [`/services/${service.id}?tab=minor-treatments`] });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, router };
}

describe('service detail tab Bagatellen', () => {
  it('lists each Bagatelle with masked name, description, time and materials, newest first', async () => {
    const service = runningService();
    const db = await seedSignedIn([service]);
    await db.minorTreatments.bulkPut([
      treatmentRow(uuid(1), { patientName: 'Jürgen Müller', description: 'Blase Ferse', createdAt: '2026-07-04T10:00:00.000Z', materials: [{ materialId: 1, name: 'Pflaster', quantity: 2 }, { materialId: 2, name: 'Kühlpack', quantity: 1 }] }),
      treatmentRow(uuid(2), { patientName: 'Ole Öztürk', description: 'Beratung', createdAt: '2026-07-04T11:15:00.000Z' }),
      treatmentRow(uuid(3), { serviceId: uuid(99), patientName: 'Anderer Dienst' }),
    ]);
    renderTab(service);
    const list = await screen.findByRole('list', { name: 'Bagatellbehandlungen des Sanitätsdienstes' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Ol* Öz****');
    expect(items[0]).toHaveTextContent('04.07.2026 13:15');
    expect(items[0]).toHaveTextContent('Materialien: Kein Material verwendet');
    expect(items[1]).toHaveTextContent('Jü**** Mü****');
    expect(items[1]).toHaveTextContent('Blase Ferse');
    expect(items[1]).toHaveTextContent('Materialien: Pflaster × 2, Kühlpack × 1');
    expect(list).not.toHaveTextContent('Jürgen');
  });

  it('records with the service fixed and the detail page messages', async () => {
    const service = runningService();
    const db = await seedSignedIn([service]);
    const { user } = renderTab(service);
    expect(await screen.findByText('Keine Bagatellbehandlungen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Neue Behandlung' }));
    const form = await screen.findByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
    expect(within(form).getByText('Schützenfest Großhöchstädt')).toBeInTheDocument();
    expect(within(form).queryByRole('combobox', { name: 'Sanitätsdienst' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Patientenname' })).toHaveFocus());
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await within(form).findByText('Patientenname ist erforderlich')).toBeInTheDocument();
    expect(within(form).getByText('Beschreibung ist erforderlich')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: 'Patientenname' }), 'Ida Ihle');
    await user.type(within(form).getByRole('textbox', { name: 'Beschreibung' }), 'Sonnenstich');
    await user.type(within(form).getByRole('textbox', { name: 'Material hinzufügen' }), 'kühl{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    await findToast('Behandlung erfasst');
    const item = await screen.findByRole('listitem', { name: 'Id* Ih**' });
    expect(item).toHaveTextContent('Kühlpack × 1');
    expect(within(item).getByText('Nicht übertragen')).toBeInTheDocument();
    expect((await db.outbox.toArray()).map((r) => r.name)).toEqual(['minorTreatment.create']);
  });

  it('shows Speichern... while saving, and Serverfehler beim Speichern for a failure without reason', async () => {
    const service = runningService();
    await seedSignedIn([service]);
    let release: () => void = () => undefined;
    vi.mocked(repository.createMinorTreatment).mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(uuid(5)))));
    const { user } = renderTab(service);
    await user.click(await screen.findByRole('button', { name: 'Neue Behandlung' }));
    const form = await screen.findByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
    await user.type(within(form).getByRole('textbox', { name: 'Patientenname' }), 'Ida Ihle');
    await user.type(within(form).getByRole('textbox', { name: 'Beschreibung' }), 'Sonnenstich');
    await user.type(within(form).getByRole('textbox', { name: 'Material hinzufügen' }), 'pfl{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await within(form).findByRole('button', { name: 'Speichern...' })).toBeDisabled();
    release();
    await findToast('Behandlung erfasst');

    vi.mocked(repository.createMinorTreatment).mockRejectedValueOnce(new Error(''));
    await user.click(screen.getByRole('button', { name: 'Neue Behandlung' }));
    const again = await screen.findByRole('dialog', { name: 'Bagatellbehandlung erfassen' });
    await user.type(within(again).getByRole('textbox', { name: 'Patientenname' }), 'Ida Ihle');
    await user.type(within(again).getByRole('textbox', { name: 'Beschreibung' }), 'Sonnenstich');
    await user.type(within(again).getByRole('textbox', { name: 'Material hinzufügen' }), 'pfl{Enter}');
    await user.click(within(again).getByRole('button', { name: 'Speichern' }));
    expect(await findDialogError(again, 'Fehler')).toHaveTextContent('Serverfehler beim Speichern');
    expect(within(again).getByRole('textbox', { name: 'Patientenname' })).toHaveValue('Ida Ihle');
  });

  it('offers no new entries on an archived service', async () => {
    const service = runningService(uuid(7), { status: 'archived' });
    await seedSignedIn([service]);
    renderTab(service);
    expect(await screen.findByText('Für diesen Sanitätsdienst können keine Behandlungen mehr erfasst werden.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Neue Behandlung' })).not.toBeInTheDocument();
  });
});
