import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { RouteErrorPage } from '../../src/app/ErrorBoundary';
import { createQueryClient } from '../../src/app/queryClient';
import { UpdatePrompt } from '../../src/app/UpdatePrompt';
import { notifyError } from '../../src/lib/notify';

const pwa = vi.hoisted(() => ({ needRefresh: false, setNeedRefresh: vi.fn(), updateServiceWorker: vi.fn() }));

vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({
    needRefresh: [pwa.needRefresh, pwa.setNeedRefresh],
    offlineReady: [false, vi.fn()],
    updateServiceWorker: pwa.updateServiceWorker,
  }),
}));

function renderWithProviders(ui: ReactNode) {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      {ui}
    </AppProviders>,
  );
}

describe('UpdatePrompt', () => {
  beforeEach(() => {
    pwa.setNeedRefresh.mockReset();
    pwa.updateServiceWorker.mockReset().mockResolvedValue(undefined);
  });

  it('stays hidden while no new version waits', () => {
    pwa.needRefresh = false;
    renderWithProviders(<UpdatePrompt />);
    expect(screen.queryByText('Neue Version verfügbar')).not.toBeInTheDocument();
  });

  it('offers a waiting version and activates it only on Aktualisieren', async () => {
    pwa.needRefresh = true;
    const user = userEvent.setup();
    renderWithProviders(<UpdatePrompt />);
    expect(await screen.findByText('Neue Version verfügbar')).toBeInTheDocument();
    expect(pwa.updateServiceWorker).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Aktualisieren' }));
    expect(pwa.updateServiceWorker).toHaveBeenCalledWith(true);
  });

  it('postpones with Später', async () => {
    pwa.needRefresh = true;
    const user = userEvent.setup();
    renderWithProviders(<UpdatePrompt />);
    await user.click(await screen.findByRole('button', { name: 'Später' }));
    expect(pwa.setNeedRefresh).toHaveBeenCalledWith(false);
    expect(pwa.updateServiceWorker).not.toHaveBeenCalled();
  });
});

describe('RouteErrorPage', () => {
  it('shows a German message instead of a blank page when a screen crashes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('kaputt');
    }
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Es ist ein unerwarteter Fehler aufgetreten' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument();
    expect(screen.queryByText('kaputt')).not.toBeInTheDocument();
  });
});

describe('toasts', () => {
  it('shows only one toast at a time (docs/spec/accounts.md §9), the newest (no queue)', async () => {
    renderWithProviders(null);
    act(() => {
      notifyError('Erster Fehler', 'eins');
      notifyError('Zweiter Fehler', 'zwei');
    });
    expect(await screen.findByText('Zweiter Fehler')).toBeInTheDocument();
    expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(1);
    expect(screen.queryByText('Erster Fehler')).not.toBeInTheDocument();
  });
});
