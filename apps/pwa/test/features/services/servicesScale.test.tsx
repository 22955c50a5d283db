import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ended, inHours, org, planned, renderSignedIn, running, seed } from './services.fixtures';

/** A busy season: 2,000 services on the device (100 running, 400 planned, 1,500 over). */
function season() {
  return Array.from({ length: 2000 }, (_, n) => {
    const name = `Dienst ${String(n).padStart(4, '0')}`;
    if (n < 100) return running({ name, endDate: inHours(1 + n) });
    if (n < 500) return planned({ name, startDate: inHours(n), endDate: inHours(n + 4) });
    return ended({ name, startDate: inHours(-n - 8), endDate: inHours(-n), status: n % 3 === 0 ? 'archived' : 'active' });
  });
}

describe('2,000 services', () => {
  it('lists them page by page from one query and switches tabs quickly', async () => {
    const seeding = performance.now();
    await seed([org(1, 'owner'), org(2, 'member')], season());
    console.info(`seeding 2,000 services into fake-indexeddb: ${(performance.now() - seeding).toFixed(0)} ms`);
    const started = performance.now();
    const { user } = renderSignedIn('/services?tab=ended');
    const table = await screen.findByRole('table', { name: 'Beendete Dienste' });
    const firstRender = performance.now() - started;
    // 50 rows per page plus the header row.
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('1–50 von 1500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('51–100 von 1500')).toBeInTheDocument();

    const switchStarted = performance.now();
    await user.click(screen.getByRole('tab', { name: 'Geplante' }));
    const plannedTable = await screen.findByRole('table', { name: 'Geplante' });
    const tabSwitch = performance.now() - switchStarted;
    expect(within(plannedTable).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('1–50 von 400')).toBeInTheDocument();
    // Soonest first.
    expect(within(plannedTable).getAllByRole('row')[1]).toHaveTextContent('Dienst 0100');

    console.info(`2,000 services: first render ${firstRender.toFixed(0)} ms, tab switch ${tabSwitch.toFixed(0)} ms (jsdom)`);
    // Generous bounds for a shared two-core test machine; real devices are much faster than jsdom.
    expect(firstRender).toBeLessThan(8000);
    expect(tabSwitch).toBeLessThan(3000);
  });

  it('counts them on the dashboard', async () => {
    await seed([org(1, 'owner')], season());
    renderSignedIn('/dashboard');
    const active = await screen.findByRole('region', { name: 'Aktive Sanitätsdienste' });
    await waitFor(() => expect(within(active).getByTestId(/-count$/)).toHaveTextContent('100'));
    expect(within(screen.getByRole('region', { name: 'Geplante Sanitätsdienste' })).getByTestId(/-count$/)).toHaveTextContent('400');
    expect(screen.getByRole('link', { name: '397 weitere geplante Dienste anzeigen →' })).toBeInTheDocument();
  });
});
