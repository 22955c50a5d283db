import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { createQueryClient } from '../../src/app/queryClient';
import { UpdatePrompt } from '../../src/app/UpdatePrompt';
import { useSyncStore } from '../../src/sync/syncStore';

vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({ needRefresh: [true, vi.fn()], offlineReady: [false, vi.fn()], updateServiceWorker: vi.fn() }),
}));

describe('update prompt and the outbox', () => {
  it('offers a waiting version only once every change has reached the server', () => {
    useSyncStore.setState({ pendingCount: 3 });
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <UpdatePrompt />
      </AppProviders>,
    );
    expect(screen.queryByText('Neue Version verfügbar')).not.toBeInTheDocument();
    // Not yet counted (a user's database just opened) is not "empty".
    act(() => useSyncStore.setState({ pendingCount: null }));
    expect(screen.queryByText('Neue Version verfügbar')).not.toBeInTheDocument();
    act(() => useSyncStore.setState({ pendingCount: 0 }));
    expect(screen.getByText('Neue Version verfügbar')).toBeInTheDocument();
  });

  it('offers it despite pending changes when the server refuses this version', () => {
    useSyncStore.setState({ pendingCount: 3, state: 'schema-mismatch' });
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <UpdatePrompt />
      </AppProviders>,
    );
    expect(screen.getByText('Neue Version verfügbar')).toBeInTheDocument();
  });
});
