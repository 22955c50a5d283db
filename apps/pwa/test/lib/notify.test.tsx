import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notifyError, notifySuccess } from '../../src/lib/notify';
import { findToast, json, mockApi, renderApp, testUser } from '../helpers/render';

describe('toasts', () => {
  it('show the newest at once instead of queueing it behind the one on screen', async () => {
    mockApi({ 'GET /api/user': () => json(testUser) });
    renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Einstellungen' });
    act(() => {
      notifyError('Erster Fehler', 'alt');
      notifyError('Zweiter Fehler', 'neu');
    });
    expect(await findToast('Zweiter Fehler')).toHaveTextContent('neu');
    await waitFor(() => expect(screen.queryByText('Erster Fehler')).not.toBeInTheDocument());
  });

  it('clear when the screen changes, but not the one the change itself just showed', async () => {
    mockApi({ 'GET /api/user': () => json(testUser) });
    const { router } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Einstellungen' });
    act(() => notifySuccess('Gespeichert', 'Die Änderung ist gespeichert.'));
    await act(() => router.navigate('/profile'));
    await screen.findByRole('heading', { level: 1, name: 'Profil' });
    expect(await findToast('Gespeichert')).toBeInTheDocument();
    // A second later the toast belongs to the screen it was shown on: the next change clears it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1100)));
    await act(() => router.navigate('/settings'));
    await waitFor(() => expect(screen.queryByText('Gespeichert')).not.toBeInTheDocument());
  });
});
