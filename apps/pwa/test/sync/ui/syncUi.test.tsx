import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dexie } from 'dexie';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../src/app/AppProviders';
import { createQueryClient } from '../../../src/app/queryClient';
import type { DeviceKeyring } from '@sanidok/crypto/device';
import { currentDatabase } from '../../../src/data/db';
import { createService } from '../../../src/data/repositories/services';
import { endSyncSession } from '../../../src/sync/syncSession';
import { useSyncStore } from '../../../src/sync/syncStore';
import { SyncIndicator } from '../../../src/sync/ui/SyncIndicator';
import { callsTo, json, mockApi, renderApp, testUser } from '../../helpers/render';
import { createEngine, openTestDb, organization, seedOrganizations, startAndSettle, validService } from '../../helpers/sync';

function renderIndicator() {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <SyncIndicator />
    </AppProviders>,
  );
  return user;
}

describe('sync indicator', () => {
  it('shows online state, pending changes in singular and plural, and the last sync time', async () => {
    useSyncStore.setState({ online: true, pendingCount: 1, lastSyncAt: '2026-06-01T08:05:00.000Z' });
    const user = renderIndicator();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByText('1 Änderung ausstehend')).toBeInTheDocument();
    act(() => useSyncStore.setState({ online: false, pendingCount: 12 }));
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.getByText('12 Änderungen ausstehend')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Synchronisationsstatus anzeigen$/ }));
    const details = await screen.findByRole('dialog');
    // Berlin summer time: 08:05 UTC is 10:05 on the tablet.
    expect(within(details).getByText('Letzte Synchronisation: 01.06.2026 10:05')).toBeInTheDocument();
  });

  it('lists rejected changes with their German reasons and lets the user hide them', async () => {
    const db = openTestDb();
    await seedOrganizations(db, 1);
    await createService({ ...validService(), name: 'Gesperrter Dienst' });
    const harness = createEngine(db);
    harness.server.reject = () => 'Die Organisation ist gesperrt.';
    await startAndSettle(harness);

    const user = renderIndicator();
    await user.click(screen.getByRole('button', { name: /Synchronisationsstatus anzeigen$/ }));
    const list = await screen.findByRole('list', { name: 'Abgelehnte Änderungen' });
    expect(within(list).getByText('Sanitätsdienst angelegt')).toBeInTheDocument();
    expect(within(list).getByText('Die Organisation ist gesperrt.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hinweise ausblenden' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Abgelehnte Änderungen' })).not.toBeInTheDocument());
    expect(await db.outbox.count()).toBe(0);
  });

  it('explains an expired session and a schema mismatch', async () => {
    useSyncStore.setState({ state: 'auth-required', message: null });
    const user = renderIndicator();
    await user.click(screen.getByRole('button', { name: /Synchronisationsstatus anzeigen$/ }));
    expect(await screen.findByText('Anmeldung erforderlich')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erneut anmelden' })).toBeInTheDocument();
    act(() => useSyncStore.setState({ state: 'schema-mismatch', message: 'Diese App-Version passt nicht zum Server.' }));
    expect(screen.getByText('Diese App-Version passt nicht zum Server.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument();
  });

  it('warns when the browser refuses persistent storage', async () => {
    useSyncStore.setState({ persistence: 'denied' });
    const user = renderIndicator();
    await user.click(screen.getByRole('button', { name: /Synchronisationsstatus anzeigen$/ }));
    expect(await screen.findByText(/dauerhaften Speicher abgelehnt/)).toBeInTheDocument();
  });
});

describe('sign-out and the local database', () => {
  const databaseName = `sanidok-${testUser.id}`;

  afterEach(async () => {
    await endSyncSession();
    await Dexie.delete(databaseName);
  });

  /** Reads the user's database from the outside, like a second tab, and lets go again. */
  async function countRows(table: string): Promise<number> {
    const db = await new Dexie(databaseName).open();
    try {
      return await db.table(table).count();
    } finally {
      db.close();
    }
  }

  function api(pushStatus: number) {
    return mockApi({
      'GET /api/user': () => json(testUser),
      'POST /api/logout': () => new Response(null, { status: 204 }),
      [`GET /api/sync/pull?limit=500&schemaVersion=${SYNC_SCHEMA_VERSION}`]: () => json({ cursor: 'c1', hasMore: false, organizations: [organization(1)], patientDataServices: [], changes: [] }),
      'POST /api/sync/push': () => json({ message: 'Wartung', code: 'INTERNAL' }, pushStatus),
    });
  }

  async function signedInWithPull(fetchMock: ReturnType<typeof api>) {
    const view = renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    // The engine started for the signed-in user and filled the organisation cache.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `/api/sync/pull?limit=500&schemaVersion=${SYNC_SCHEMA_VERSION}`).length).toBeGreaterThan(0));
    await waitFor(async () => expect(await countRows('organizations')).toBe(1));
    return view;
  }

  /** The stored keyring, read from the outside. */
  async function storedKeyring(): Promise<Partial<DeviceKeyring> | undefined> {
    const db = await new Dexie(databaseName).open();
    try {
      return ((await db.table('meta').get('keyring')) as { value?: Partial<DeviceKeyring> } | undefined)?.value;
    } finally {
      db.close();
    }
  }

  it('warns about pending changes; cancel keeps the session, confirming keeps the changes on the device (without its device-lock copy)', async () => {
    const fetchMock = api(503);
    const { user, router } = await signedInWithPull(fetchMock);
    await act(() => createService(validService()));
    expect(await screen.findByText('1 Änderung ausstehend')).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    await user.click(within(nav).getByRole('button', { name: 'Abmelden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nicht übertragene Änderungen' });
    expect(within(dialog).getByText('1 Änderung wurde noch nicht an den Server übertragen.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    // A device-lock copy (WebAuthn PRF) beside the password wrap: signing out drops it.
    const keyring = { v: 1, salt: 's', opsLimit: 1, memLimitBytes: 1, wrappedDataKey: 'w', devicePublicKey: 'p', wrappedDeviceSecret: 'd' } as const;
    await act(() => currentDatabase()?.setMeta('keyring', { ...keyring, prf: { credentialId: 'c', salt: 's', wrappedDataKey: 'k' } }));
    expect((await storedKeyring())?.prf).toBeDefined();
    expect(callsTo(fetchMock, 'POST', '/api/logout')).toHaveLength(0);

    await user.click(within(nav).getByRole('button', { name: 'Abmelden' }));
    await user.click(await screen.findByRole('button', { name: 'Abmelden und Änderungen behalten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(callsTo(fetchMock, 'POST', '/api/logout')).toHaveLength(1);
    expect(await Dexie.exists(databaseName)).toBe(true);
    expect(await countRows('outbox')).toBe(1);
    expect(await storedKeyring()).toEqual(keyring);
  });

  it('deletes the user’s local database on sign-out when nothing waits', async () => {
    const fetchMock = api(200);
    const { user, router } = await signedInWithPull(fetchMock);
    expect(await Dexie.exists(databaseName)).toBe(true);
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    await user.click(within(nav).getByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(screen.queryByText('Nicht übertragene Änderungen')).not.toBeInTheDocument();
    await waitFor(async () => expect(await Dexie.exists(databaseName)).toBe(false));
  });
});
