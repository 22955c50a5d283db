import type { SyncChange } from '@sanidok/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateProtocol } from '../../../../src/data/repositories/protocols';
import { ConflictNotice } from '../../../../src/features/conflicts/ConflictNotice';
import { HistoryButton } from '../../../../src/features/protocols/history/HistoryDialog';
import { applyPullPage } from '../../../../src/sync/applyPull';
import { organization } from '../../../helpers/sync';
import { deviceWithProtocol, renderUi, serviceId } from '../vitals/vitals.fixtures';

// The "Änderungsverlauf" and the conflict review read the device only (docs/decisions.md "The
// record history travels sealed to the device"): offline they show the pulled history and this
// device's edits not yet sent; no request leaves the device.

const revision = (id: number, protocolId: string, data: Partial<Extract<SyncChange, { entity: 'recordRevision'; op: 'upsert' }>['data']>): SyncChange => ({
  entity: 'recordRevision', op: 'upsert', id: String(id), organizationId: 1, version: 100 + id,
  data: {
    id: String(id), protocolId, organizationId: 1, entity: 'protocol', entityId: protocolId, field: 'allergies', oldValue: null, newValue: 'Penicillin',
    changedAt: '2026-07-04T10:00:00.000Z', changedBy: 'Mona Medic', deviceId: '0190a000-0000-7000-8000-00000000d001', sequence: 50 + id, replacedConcurrentEdit: false, ...data,
  },
});

async function offlineDeviceWithHistory() {
  const { db, id } = await deviceWithProtocol();
  await applyPullPage(db, {
    cursor: 'c1', hasMore: false, organizations: [organization(1, 'DRK Müllheim')], patientDataServices: [serviceId],
    changes: [
      revision(1, id, {}),
      revision(2, id, { field: 'chiefComplaint', oldValue: 'Tablet A', newValue: 'Tablet B', replacedConcurrentEdit: true, changedBy: 'Olga Owner' }),
    ],
  });
  const fetchSpy = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  vi.stubGlobal('fetch', fetchSpy);
  return { db, id, fetchSpy };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('history and conflict review read the device', () => {
  it('shows the pulled history and an edit not yet sent, offline, without asking the server', async () => {
    const { id, fetchSpy } = await offlineDeviceWithHistory();
    await updateProtocol(id, { symptoms: 'Übelkeit' });
    const ui = renderUi(<HistoryButton protocolId={id} status="active" />);
    await ui.user.click(screen.getByRole('button', { name: 'Änderungsverlauf' }));
    const list = await screen.findByRole('list', { name: 'Änderungen, älteste zuerst' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Penicillin');
    expect(items[0]).toHaveTextContent('Mona Medic');
    expect(items[2]).toHaveTextContent('Übelkeit');
    expect(items[2]).toHaveTextContent('dieses Gerät, noch nicht übertragen');
    expect(screen.queryByText(/nur mit Verbindung/)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the values a concurrent edit replaced, offline, from the device', async () => {
    const { id, fetchSpy } = await offlineDeviceWithHistory();
    const ui = renderUi(
      <QueryClientProvider client={new QueryClient()}>
        <ConflictNotice title="Gleichzeitig geändert" text="Bitte prüfen" reviewLabel="Angaben geprüft" reviewFailedTitle="Fehler" revisions={{ protocolId: id }} />
      </QueryClientProvider>,
    );
    await ui.user.click(screen.getByRole('button', { name: 'Ersetzte Werte anzeigen' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Tablet A/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Tablet B/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Olga Owner/)).toBeInTheDocument();
    // Only the replacing change: the first allergy entry replaced nothing.
    expect(within(dialog).queryByText(/Penicillin/)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
