import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { fetchCurrentUser } from '../../src/api/session';
import { LandingPage } from '../../src/features/landing/LandingPage';
import { hasSessionHintCookie, mayHaveSession } from '../../src/api/sessionHint';
import { callsTo, json, mockApi, renderApp, testUser, unauthenticated } from '../helpers/render';

const removeHintCookie = () => {
  document.cookie = 'sanidok_signed_in=; Max-Age=0; Path=/';
};

describe('session probe only with a hint (first visit)', () => {
  beforeEach(removeHintCookie);

  it('knows no session without the hint cookie and without a remembered user', () => {
    expect(hasSessionHintCookie()).toBe(false);
    expect(mayHaveSession()).toBe(false);
    document.cookie = 'sanidok_signed_in=1; Path=/';
    expect(mayHaveSession()).toBe(true);
    removeHintCookie();
    localStorage.setItem('sanidok.lastUser', JSON.stringify(testUser));
    expect(mayHaveSession()).toBe(true);
  });

  it('does not call GET /api/user on a first visit, and the session counts as absent', async () => {
    const fetchMock = mockApi({ 'GET /api/user': () => json(testUser) });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(callsTo(fetchMock, 'GET', '/api/user')).toHaveLength(0);
  });

  it('sends a first-time visitor of a protected page to /auth without asking the server', async () => {
    const fetchMock = mockApi({ 'GET /api/user': () => json(testUser) });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('tab', { name: 'Anmelden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(callsTo(fetchMock, 'GET', '/api/user')).toHaveLength(0);
  });

  it('asks with a remembered user (offline start) and forgets both hints on a 401', async () => {
    localStorage.setItem('sanidok.lastUser', JSON.stringify(testUser));
    document.cookie = 'sanidok_signed_in=1; Path=/';
    const fetchMock = mockApi({ 'GET /api/user': unauthenticated });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(callsTo(fetchMock, 'GET', '/api/user')).toHaveLength(1);
    expect(localStorage.getItem('sanidok.lastUser')).toBeNull();
    expect(hasSessionHintCookie()).toBe(false);
  });

  it('keeps the last user when the server cannot be reached', async () => {
    localStorage.setItem('sanidok.lastUser', JSON.stringify(testUser));
    mockApi({ 'GET /api/user': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(fetchCurrentUser()).resolves.toEqual(testUser);
  });

  it('shows the landing page to a first-time visitor without any request', async () => {
    const fetchMock = mockApi({ 'GET /api/user': unauthenticated });
    render(
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/']}>
          <LandingPage />
        </MemoryRouter>
      </MantineProvider>,
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
