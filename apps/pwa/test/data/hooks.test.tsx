import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { closeUserDatabase } from '../../src/data/db';
import { useMaterials, useOrganizations, usePendingIds, useService, useServices } from '../../src/data/hooks';
import { createService, updateService } from '../../src/data/repositories/services';
import { createEngine, openTestDb, seedOrganizations, startAndSettle, validService } from '../helpers/sync';

function ServiceList() {
  const services = useServices();
  const pending = usePendingIds();
  const organizations = useOrganizations();
  const materials = useMaterials(1);
  if (!services || !organizations || !materials) return <p>lädt</p>;
  return (
    <ul aria-label="Dienste">
      {services.map((s) => (
        <li key={s.id}>
          {s.name} {pending.has(s.id) ? '(ausstehend)' : '(übertragen)'}
        </li>
      ))}
      <li>{organizations.length} Organisationen</li>
    </ul>
  );
}

function ServiceName({ id }: { id: string }) {
  const service = useService(id);
  return <p>{service === undefined ? 'lädt' : service === null ? 'unbekannt' : service.name}</p>;
}

describe('data hooks', () => {
  it('re-render on local writes and when the server has settled them', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    render(<ServiceList />);
    expect(await screen.findByText('1 Organisationen')).toBeInTheDocument();

    const id = await act(() => createService(validService()));
    expect(await screen.findByText('Stadtfest Musterstadt (ausstehend)')).toBeInTheDocument();

    render(<ServiceName id={id} />);
    await act(() => updateService(id, { name: 'Stadtfest 2026' }));
    expect(await screen.findByText('Stadtfest 2026')).toBeInTheDocument();

    const harness = createEngine(db);
    await act(() => startAndSettle(harness));
    expect(await screen.findByText('Stadtfest 2026 (übertragen)')).toBeInTheDocument();
  });

  it('show nothing of the previous user after sign-out', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    await createService(validService());
    render(<ServiceList />);
    expect(await screen.findByText('Stadtfest Musterstadt (ausstehend)')).toBeInTheDocument();
    act(() => closeUserDatabase());
    await waitFor(() => expect(screen.queryByText(/Stadtfest/)).not.toBeInTheDocument());
    expect(screen.getByText('0 Organisationen')).toBeInTheDocument();
  });
});
