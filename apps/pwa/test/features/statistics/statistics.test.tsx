import type { OrganizationStatistics, StatisticsMonth } from '@sanidok/schema';
import { berlinMonth } from '@sanidok/schema';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { json, mockApi, renderApp, testUser, urlOf } from '../../helpers/render';
import { org, seed } from '../services/services.fixtures';

const shift = (month: string, by: number) => {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const i = y * 12 + m - 1 + by;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};
const to = berlinMonth(new Date());
const from = shift(to, -11);
const empty = { services: 0, minorTreatments: 0, protocols: 0, patients: 0, transported: 0, closedProtocols: 0, averageMinutesOnSite: null, materialCostCents: 0, materialUnitsWithoutPrice: 0, manvPersons: 0 };
const months: StatisticsMonth[] = Array.from({ length: 12 }, (_, i) => ({ month: shift(from, i), ...empty }));
months[11] = { month: to, services: 2, minorTreatments: 7, protocols: 4, patients: 11, transported: 1, closedProtocols: 4, averageMinutesOnSite: 42, materialCostCents: 1290, materialUnitsWithoutPrice: 3, manvPersons: 4 };
const stats: OrganizationStatistics = {
  organizationId: 1, from, to, months,
  total: { ...months[11], month: undefined } as unknown as OrganizationStatistics['total'],
  services: [{ id: 's1', name: 'Stadtfest', startDate: new Date().toISOString(), patients: 6 }, { id: 's2', name: 'Weinfest', startDate: new Date().toISOString(), patients: 5 }],
};

function render(role: 'owner' | 'admin' | 'member') {
  const url = `GET /api/organizations/1/statistics?from=${from}&to=${to}`;
  const fetchMock = mockApi({ 'GET /api/user': () => json(testUser), [url]: () => json(stats) });
  return { fetchMock, ...renderApp('/organizations/1/statistics'), role };
}

describe('/organizations/{id}/statistics', () => {
  it('shows the figures of the last 12 months to an admin: cards, month table, per service, CSV', async () => {
    await seed([org(1, 'admin', { name: 'DRK Nord' })]);
    const blobs: Blob[] = [];
    const names: string[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => { blobs.push(blob); return 'blob:x'; }, revokeObjectURL: () => undefined });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { names.push(this.download); });
    onTestFinished(() => click.mockRestore());
    onTestFinished(() => { Reflect.deleteProperty(URL, 'createObjectURL'); Reflect.deleteProperty(URL, 'revokeObjectURL'); });
    const { user } = render('admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistik – DRK Nord' })).toBeInTheDocument();
    // The cards: one paragraph each, value under label.
    expect(await screen.findByText('25 %', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('42 min', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('5,5')).toBeInTheDocument();
    expect(screen.getByText('12,90 €', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('3 Einheiten ohne Preis nicht enthalten')).toBeInTheDocument();
    // The patients count treatments and protocols; the tags of MANV mode are named beside them.
    expect(screen.getByText('Dazu 4 Personen aus dem MANV-Modus, hier nicht mitgezählt (siehe MANV-Bericht des Dienstes)')).toBeInTheDocument();
    const monthTable = screen.getByRole('table', { name: 'Zahlen je Monat' });
    const last = within(monthTable).getAllByRole('row').at(-2);
    expect(last?.textContent).toContain(`${to.slice(5)}/${to.slice(0, 4)}`);
    expect(within(monthTable).getAllByRole('row')).toHaveLength(14);
    expect(within(screen.getByRole('table', { name: 'Patienten je Sanitätsdienst' })).getByText('Stadtfest')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Patienten je Monat' })).toBeInTheDocument();

    // One table per file, one button each (docs/decisions.md "CSV: one writer, one table per file").
    await user.click(screen.getByRole('button', { name: 'CSV: Zahlen je Monat' }));
    await user.click(screen.getByRole('button', { name: 'CSV: Patienten je Dienst' }));
    expect(names).toEqual([`Statistik-DRK-Nord-${from}-bis-${to}-Monate.csv`, `Statistik-DRK-Nord-${from}-bis-${to}-Dienste.csv`]);
    const [monthsCsv, servicesCsv] = await Promise.all(blobs.map((blob) => blob.text()));
    expect(monthsCsv).toContain('Monat;Dienste;Bagatellen;Protokolle;Patienten;Transportquote (%);Ø Zeit vor Ort (min);Materialkosten (EUR)');
    expect(monthsCsv).toContain(`${to.slice(5)}/${to.slice(0, 4)};2;7;4;11;25;42;12,90`);
    expect(servicesCsv).toContain('Sanitätsdienst;Beginn;Patienten\r\nStadtfest;');
  });

  it('tells a member that only owner and admins see it, and asks the server nothing', async () => {
    await seed([org(1, 'member', { name: 'DRK Nord' })]);
    const { fetchMock } = render('member');
    expect(await screen.findByText('Nur der Inhaber oder ein Administrator darf die Statistik sehen.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).includes('/statistics'))).toBe(false);
  });
});
