import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as repository from '../../../src/data/repositories/services';
import { ended, org, planned, renderSignedIn, running, seed } from './services.fixtures';
import { findToast, json, mockApi, testUser } from '../../helpers/render';

// deleteService stays real; one test makes it fail once.
vi.mock('../../../src/data/repositories/services', async (importOriginal) => {
  const original = await importOriginal<typeof repository>();
  return { ...original, deleteService: vi.fn(original.deleteService) };
});

const stadtfest = (o = {}) =>
  running({
    name: 'Stadtfest',
    location: 'Marktplatz 1',
    description: 'Zwei Teams am Hauptplatz',
    accessCode: 'SANI-42',
    startDate: '2026-01-15T09:00:00.000Z',
    endDate: '2099-01-15T17:00:00.000Z',
    ...o,
  });

describe('/services/{id}', () => {
  it('shows the overview with organisation, place, period, status, description and, for owners, the access code', async () => {
    const s = stadtfest();
    await seed([org(1, 'owner', { name: 'DRK Nord' })], [s]);
    renderSignedIn(`/services/${s.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stadtfest' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Übersicht', 'Bagatellen', 'Patientenprotokolle', 'Materialverbrauch', 'Team']);
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('DRK Nord')).toBeInTheDocument();
    expect(within(panel).getByText('Marktplatz 1')).toBeInTheDocument();
    expect(within(panel).getByText('15.01.2026 10:00 – 15.01.2099 18:00')).toBeInTheDocument();
    expect(within(panel).getByText('Aktiv')).toBeInTheDocument();
    expect(within(panel).getByText('Zwei Teams am Hauptplatz')).toBeInTheDocument();
    expect(within(panel).getByText('Zugangscode')).toBeInTheDocument();
    expect(within(panel).getByText('SANI-42')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bearbeiten' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeEnabled();
    // Running, not ended: nothing to archive yet.
    expect(screen.queryByRole('button', { name: 'Archivieren' })).not.toBeInTheDocument();
  });

  it('hides the access code and every change action from members', async () => {
    const s = ended({ name: 'Weinfest', accessCode: 'GEHEIM' });
    await seed([org(1, 'member')], [s]);
    renderSignedIn(`/services/${s.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Weinfest' })).toBeInTheDocument();
    expect(screen.queryByText('GEHEIM')).not.toBeInTheDocument();
    expect(screen.queryByText('Zugangscode')).not.toBeInTheDocument();
    for (const name of ['Bearbeiten', 'Löschen', 'Archivieren']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('follows ?tab= and renders the slots of the other features', async () => {
    const s = stadtfest();
    await seed([org(1, 'owner')], [s]);
    const { user, router } = renderSignedIn(`/services/${s.id}?tab=materials`);
    expect(await screen.findByRole('tab', { name: 'Materialverbrauch' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel').querySelector('[data-slot="material-usage"]')).toHaveAttribute('data-service-id', s.id);
    await user.click(screen.getByRole('tab', { name: 'Bagatellen' }));
    expect(router.state.location.search).toBe('?tab=minor-treatments');
    expect(screen.getByRole('tabpanel').querySelector('[data-slot="minor-treatments"]')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Patientenprotokolle' }));
    expect(router.state.location.search).toBe('?tab=patient-protocols');
    await user.click(screen.getByRole('tab', { name: 'Übersicht' }));
    expect(router.state.location.search).toBe('');
  });

  it('says Sanitätsdienst nicht gefunden for an unknown id and leads back', async () => {
    await seed([org(1, 'owner')]);
    const { user, router } = renderSignedIn('/services/0190f000-0000-7000-8000-ffffffffffff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanitätsdienst nicht gefunden' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Zurück zu den Sanitätsdiensten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/services'));
  });

  it('lays the lock overlay over a blocked service or organisation and disables the actions', async () => {
    const blocked = ended({ name: 'Gesperrter Dienst', isBlocked: true });
    const ofBlockedOrg = ended({ name: 'Dienst der gesperrten Organisation', organizationId: 2 });
    await seed([org(1, 'owner'), org(2, 'owner', { isBlocked: true })], [blocked, ofBlockedOrg]);
    const { router, user } = renderSignedIn(`/services/${blocked.id}`);
    const overlay = await screen.findByRole('region', { name: 'Sanitätsdienst gesperrt' });
    expect(within(overlay).getByText(/Dieser Sanitätsdienst wurde gesperrt\./)).toBeInTheDocument();
    // The tabs lie under the veil, out of reach (inert) until the medic asks to see them.
    expect(screen.getByRole('tab', { name: 'Übersicht' }).closest('[inert]')).not.toBeNull();
    for (const name of ['Bearbeiten', 'Löschen', 'Archivieren']) expect(screen.getByRole('button', { name })).toBeDisabled();
    await user.click(within(overlay).getByRole('button', { name: 'Inhalte ansehen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sanitätsdienst gesperrt');
    expect(screen.getByRole('tab', { name: 'Übersicht' }).closest('[inert]')).toBeNull();
    for (const name of ['Bearbeiten', 'Löschen', 'Archivieren']) expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.getAllByText('Gesperrt').length).toBeGreaterThan(0);

    await router.navigate(`/services/${ofBlockedOrg.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dienst der gesperrten Organisation' })).toBeInTheDocument();
    expect(await screen.findByText(/Die Organisation dieses Sanitätsdienstes ist gesperrt\./)).toBeInTheDocument();
    for (const name of ['Bearbeiten', 'Löschen', 'Archivieren']) expect(screen.getByRole('button', { name })).toBeDisabled();
  });

  it('shows a concurrent edit until a manager confirms the values', async () => {
    const s = stadtfest({ needsReview: true, version: 21 });
    const db = await seed([org(1, 'admin')], [s]);
    const { user } = renderSignedIn(`/services/${s.id}`);
    const title = 'Konflikt: Dieser Sanitätsdienst wurde gleichzeitig auf einem anderen Gerät geändert';
    const notice = (await screen.findByText(title)).closest('[role="status"]') as HTMLElement;
    await user.click(within(notice).getByRole('button', { name: 'Angaben geprüft' }));
    await waitFor(() => expect(screen.queryByText(title)).not.toBeInTheDocument());
    expect((await db.outbox.toArray()).map((r) => [r.name, r.args])).toEqual([['service.update', { id: s.id, baseVersion: 21, reviewed: true }]]);
    expect((await db.services.get(s.id))?.needsReview).toBe(false);
  });

  it('offers members no confirmation, but the replaced values from the server (or why not, offline)', async () => {
    const s = stadtfest({ needsReview: true });
    await seed([org(1, 'member')], [s]);
    const { user } = renderSignedIn(`/services/${s.id}`);
    expect(await screen.findByText('Konflikt: Dieser Sanitätsdienst wurde gleichzeitig auf einem anderen Gerät geändert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Angaben geprüft' })).not.toBeInTheDocument();

    mockApi({
      'GET /api/user': () => json(testUser),
      [`GET /api/services/${s.id}/revisions`]: () =>
        json([
          { entity: 'service', field: 'startDate', replacedValue: '2026-01-15T08:00:00.000Z', newValue: '2026-01-15T09:00:00.000Z', changedAt: '2026-01-15T07:00:00.000Z', changedBy: 'Lena Berg' },
          { entity: 'service', field: 'location', replacedValue: 'Haupteingang Nord', newValue: null, changedAt: '2026-01-15T06:00:00.000Z', changedBy: null },
        ]),
    });
    await user.click(screen.getByRole('button', { name: 'Ersetzte Werte anzeigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ersetzte Werte' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'StartdatumErsetzter Wert: 15.01.2026 09:00Neuer Wert: 15.01.2026 10:00Geändert am 15.01.2026 08:00 von Lena Berg',
      'OrtErsetzter Wert: Haupteingang NordNeuer Wert: (leer)Geändert am 15.01.2026 07:00',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Schließen' }));

    mockApi({ 'GET /api/user': () => json(testUser) });
    await user.click(screen.getByRole('button', { name: 'Ersetzte Werte anzeigen' }));
    expect(await screen.findByText('Die ersetzten Werte liegen auf dem Server und können nur mit Verbindung angezeigt werden.')).toBeInTheDocument();
  });

  it('edits only the changed fields, validates the period and confirms with Erfolgreich gespeichert', async () => {
    const s = planned({ name: 'Marathon', location: 'Innenstadt', startDate: '2099-07-01T08:00:00.000Z', endDate: '2099-07-01T16:00:00.000Z', version: 12 });
    const db = await seed([org(1, 'admin')], [s]);
    const { user } = renderSignedIn(`/services/${s.id}`);
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sanitätsdienst bearbeiten' });
    // German fields: TT.MM.JJJJ, hours and minutes apart.
    expect(within(dialog).getByLabelText(/^Startdatum/)).toHaveValue('01.07.2099');
    expect(within(dialog).getByLabelText(/^Startzeit/)).toHaveValue('10');
    expect(within(dialog).getByLabelText('Minuten (Startzeit)')).toHaveValue('00');
    expect(within(dialog).getByLabelText(/^Endzeit/)).toHaveValue('18');

    const endTime = within(dialog).getByLabelText(/^Endzeit/);
    await user.clear(endTime);
    await user.type(endTime, '0900');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Enddatum muss nach dem Startdatum liegen')).toBeInTheDocument();

    await user.clear(endTime);
    await user.type(endTime, '2000');
    await user.type(within(dialog).getByLabelText('Zugangscode', { exact: false }), 'M-2099-FEST');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await findToast('Erfolgreich gespeichert');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const outbox = await db.outbox.toArray();
    expect(outbox.map((r) => [r.name, r.args])).toEqual([['service.update', { id: s.id, baseVersion: 12, endDate: '2099-07-01T18:00:00.000Z', accessCode: 'M-2099-FEST' }]]);
    expect(await screen.findByText('01.07.2099 10:00 – 01.07.2099 20:00')).toBeInTheDocument();
    expect(screen.getByText('M-2099-FEST')).toBeInTheDocument();
    // The badge reads the outbox through its own live query: it may render a moment after the row.
    expect(await screen.findByText('Nicht synchronisiert')).toBeInTheDocument();
  });

  it('deletes after confirmation and returns to /services', async () => {
    const s = stadtfest();
    const db = await seed([org(1, 'owner')], [s]);
    const { user, router } = renderSignedIn(`/services/${s.id}`);
    await user.click(await screen.findByRole('button', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sanitätsdienst löschen' });
    expect(dialog).toHaveTextContent('Möchten Sie den Sanitätsdienst „Stadtfest“ wirklich löschen?');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await findToast('Sanitätsdienst gelöscht');
    await waitFor(() => expect(router.state.location.pathname).toBe('/services'));
    expect(await db.services.count()).toBe(0);
    expect((await db.outbox.toArray()).map((r) => r.name)).toEqual(['service.delete']);
  });

  it('reports a failed delete in the dialog at once and stays on the service', async () => {
    vi.mocked(repository.deleteService).mockRejectedValueOnce(new Error('Speicher voll'));
    const s = stadtfest();
    await seed([org(1, 'owner')], [s]);
    const { user, router } = renderSignedIn(`/services/${s.id}`);
    await user.click(await screen.findByRole('button', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sanitätsdienst löschen' });
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Fehler beim Löschen des Sanitätsdiensts: Speicher voll');
    expect(router.state.location.pathname).toBe(`/services/${s.id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Stadtfest' })).toBeInTheDocument();
  });
});
