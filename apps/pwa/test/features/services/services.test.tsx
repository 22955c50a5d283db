import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createService } from '../../../src/data/repositories/services';
import { ended, org, planned, renderSignedIn, running, seed, service } from './services.fixtures';
import { protocolRow } from '../protocols/list/list.fixtures';
import { findToast } from '../../helpers/render';

const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('row', { name: new RegExp(name) });

describe('/services list', () => {
  it('groups services into Aktive, Geplante and Beendete Dienste with their badges and links', async () => {
    const list = [
      running({ name: 'Stadtfest', location: 'Marktplatz' }),
      planned({ name: 'Marathon', location: 'Innenstadt' }),
      ended({ name: 'Weinfest', startDate: '2025-09-06T08:00:00.000Z', endDate: '2025-09-06T20:30:00.000Z' }),
      ended({ name: 'Altes Konzert', status: 'archived' }),
      ended({ name: 'Turnier', status: 'completed' }),
      service({ name: 'Kaputter Dienst', startDate: 'nicht lesbar' }),
    ];
    await seed([org(1, 'owner')], list);
    const { router, user } = renderSignedIn('/services');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanitätsdienste' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Aktive' })).toHaveAttribute('aria-selected', 'true');

    const active = await screen.findByRole('table', { name: 'Aktive' });
    expect(within(active).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Ort', 'Zeitraum', 'Status', 'Aktionen']);
    const row = rowOf(active, 'Stadtfest');
    expect(within(row).getByText('Marktplatz')).toBeInTheDocument();
    expect(within(row).getByText('Aktiv')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Zum Sanitätsdienst' })).toHaveAttribute('href', `/services/${list[0]?.id}`);
    expect(within(active).getAllByRole('row')).toHaveLength(2);

    await user.click(screen.getByRole('tab', { name: 'Geplante' }));
    expect(router.state.location.search).toBe('?tab=planned');
    const plannedTable = await screen.findByRole('table', { name: 'Geplante' });
    const marathon = rowOf(plannedTable, 'Marathon');
    expect(within(marathon).getByText('Geplant')).toBeInTheDocument();
    expect(within(marathon).getByRole('link', { name: 'Ansehen' })).toHaveAttribute('href', `/services/${list[1]?.id}`);
    expect(within(marathon).queryByRole('button', { name: 'Archivieren' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Beendete Dienste' }));
    const endedTable = await screen.findByRole('table', { name: 'Beendete Dienste' });
    const weinfest = rowOf(endedTable, 'Weinfest');
    // Zeitraum in German wall time (summer: UTC+2).
    expect(within(weinfest).getByText('06.09.2025 10:00 – 06.09.2025 22:30')).toBeInTheDocument();
    expect(within(weinfest).getByText('Beendet')).toBeInTheDocument();
    expect(within(weinfest).getByRole('button', { name: 'Archivieren' })).toBeEnabled();
    expect(within(rowOf(endedTable, 'Altes Konzert')).getByText('Archiviert')).toBeInTheDocument();
    expect(within(rowOf(endedTable, 'Turnier')).getByText('Abgeschlossen')).toBeInTheDocument();
    expect(within(rowOf(endedTable, 'Kaputter Dienst')).getByText('Status unbekannt')).toBeInTheDocument();
    // Only an ended service can be archived.
    expect(within(endedTable).getAllByRole('button', { name: 'Archivieren' })).toHaveLength(1);
    expect(within(rowOf(endedTable, 'Altes Konzert')).getByRole('link', { name: 'Ansehen' })).toBeInTheDocument();
  });

  it('opens the tab of ?tab= and shows an empty state per tab', async () => {
    await seed([org(1, 'owner')], [ended({ name: 'Weinfest' })]);
    const { user } = renderSignedIn('/services?tab=ended');
    expect(await screen.findByRole('table', { name: 'Beendete Dienste' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Beendete Dienste' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Aktive' }));
    expect(await screen.findByText('Derzeit laufen keine Sanitätsdienste.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Geplante' }));
    expect(await screen.findByText('Es sind keine Sanitätsdienste geplant.')).toBeInTheDocument();
  });

  it('locks blocked services and services of blocked organisations: notice, Gesperrt badge, actions disabled', async () => {
    const list = [
      ended({ name: 'Gesperrter Dienst', isBlocked: true }),
      ended({ name: 'Dienst der gesperrten Organisation', organizationId: 2 }),
      ended({ name: 'Freier Dienst' }),
    ];
    await seed([org(1, 'owner'), org(2, 'admin', { isBlocked: true })], list);
    renderSignedIn('/services?tab=ended');
    const table = await screen.findByRole('table', { name: 'Beendete Dienste' });
    for (const name of ['Gesperrter Dienst', 'Dienst der gesperrten Organisation']) {
      const row = rowOf(table, name);
      expect(row).toHaveAttribute('data-locked', 'true');
      expect(within(row).getByRole('note')).toHaveTextContent('Gesperrt – Änderungen sind nicht möglich');
      expect(within(row).getByText('Gesperrt')).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Ansehen' })).toBeDisabled();
      expect(within(row).queryByRole('link')).not.toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Archivieren' })).toBeDisabled();
    }
    const free = rowOf(table, 'Freier Dienst');
    expect(free).not.toHaveAttribute('data-locked');
    expect(within(free).queryByText('Gesperrt')).not.toBeInTheDocument();
    expect(within(free).getByRole('button', { name: 'Archivieren' })).toBeEnabled();
  });

  it('offers create and archive only to owners and admins', async () => {
    await seed([org(1, 'member'), org(2, 'member')], [ended({ name: 'Weinfest' })]);
    renderSignedIn('/services?tab=ended');
    const table = await screen.findByRole('table', { name: 'Beendete Dienste' });
    expect(within(rowOf(table, 'Weinfest')).queryByRole('button', { name: 'Archivieren' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sanitätsdienst erstellen' })).not.toBeInTheDocument();
    expect(screen.getByText('Sanitätsdienste anlegen können Inhaber und Administratoren einer Organisation.')).toBeInTheDocument();
  });

  it('disables create when every organisation the user manages is blocked', async () => {
    await seed([org(1, 'owner', { isBlocked: true }), org(2, 'member')]);
    renderSignedIn('/services');
    expect(await screen.findByRole('button', { name: 'Sanitätsdienst erstellen' })).toBeDisabled();
  });

  it('archives an ended service after confirmation, offline, and marks it pending', async () => {
    const weinfest = ended({ name: 'Weinfest' });
    const db = await seed([org(1, 'admin')], [weinfest]);
    const { user } = renderSignedIn('/services?tab=ended');
    const table = await screen.findByRole('table', { name: 'Beendete Dienste' });
    await user.click(within(rowOf(table, 'Weinfest')).getByRole('button', { name: 'Archivieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sanitätsdienst archivieren' });
    expect(await within(dialog).findByText('Auf diesem Gerät ist kein Patientenprotokoll dieses Dienstes mehr offen.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Archivieren' }));
    await findToast('Sanitätsdienst archiviert');
    const row = rowOf(await screen.findByRole('table', { name: 'Beendete Dienste' }), 'Weinfest');
    await waitFor(() => expect(within(row).getByText('Archiviert')).toBeInTheDocument());
    expect(within(row).getByText('Nicht synchronisiert')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Archivieren' })).not.toBeInTheDocument();
    const outbox = await db.outbox.toArray();
    expect(outbox.map((r) => [r.name, r.args])).toEqual([['service.archive', { id: weinfest.id }]]);
  });

  it('lists the open protocols on this device before archiving, and says their patient data is sealed', async () => {
    const weinfest = ended({ name: 'Weinfest' });
    const db = await seed([org(1, 'owner')], [weinfest]);
    await db.protocols.bulkPut([
      protocolRow('0190f000-0000-7000-8000-00000000a001', { serviceId: weinfest.id, serviceProtocolNumber: 3 }),
      protocolRow('0190f000-0000-7000-8000-00000000a002', { serviceId: weinfest.id, serviceProtocolNumber: 0 }),
      protocolRow('0190f000-0000-7000-8000-00000000a003', { serviceId: weinfest.id, serviceProtocolNumber: 1, status: 'discharged' }),
    ]);
    await db.patientData.put({ protocolId: '0190f000-0000-7000-8000-00000000a001', patientData: { firstName: 'Rosalinde', lastName: 'Kaiserling' }, version: 31 });
    const { user } = renderSignedIn('/services?tab=ended');
    const table = await screen.findByRole('table', { name: 'Beendete Dienste' });
    await user.click(within(table).getByRole('button', { name: 'Archivieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sanitätsdienst archivieren' });
    const open = await within(dialog).findByTestId('archive-open-protocols');
    expect(within(open).getByText('Auf diesem Gerät sind noch 2 Patientenprotokolle offen:')).toBeInTheDocument();
    // In the order of the service's protocol tab (unnumbered first); the discharged one is not listed.
    await waitFor(() => expect(within(open).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Protokoll (vorläufig)', 'Protokoll #3 – Rosalinde Kaiserling']));
    expect(within(open).getByText(/werden die Patientendaten offener Protokolle wie bei einer Entlassung mit dem Schlüssel der Organisation versiegelt/)).toBeInTheDocument();
    // Cancel archives nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sanitätsdienst archivieren' })).not.toBeInTheDocument());
    expect(await db.outbox.count()).toBe(0);
  });

  it('marks services with unsynchronised changes as Nicht synchronisiert', async () => {
    await seed([org(1, 'owner')], [running({ name: 'Übertragener Dienst' })]);
    await createService({ name: 'Neuer Dienst', location: 'Halle 1', startDate: new Date(Date.now() - 60_000).toISOString(), endDate: new Date(Date.now() + 3_600_000).toISOString(), organizationId: 1 });
    renderSignedIn('/services');
    const table = await screen.findByRole('table', { name: 'Aktive' });
    await waitFor(() => expect(within(rowOf(table, 'Neuer Dienst')).getByText('Nicht synchronisiert')).toBeInTheDocument());
    expect(within(rowOf(table, 'Übertragener Dienst')).queryByText('Nicht synchronisiert')).not.toBeInTheDocument();
  });
});
