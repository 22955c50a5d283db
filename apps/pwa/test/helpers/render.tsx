import type { PublicUser } from '@sanidok/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, vi } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { createQueryClient } from '../../src/app/queryClient';
import { routes } from '../../src/app/routes';

export const testUser: PublicUser = {
  id: 7,
  username: 'anna.sani',
  email: 'anna@example.org',
  fullName: 'Anna Sanitäterin',
  isAdmin: false,
  isBlocked: false,
  totpEnabled: false,
  emailVerified: false,
  createdAt: '2026-03-01T08:30:00.000Z',
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const unauthenticated = () => json({ message: 'Nicht angemeldet', code: 'UNAUTHENTICATED' }, 401);

type Handler = (init: RequestInit) => Response | Promise<Response>;

/** The address a fetch call asked for, whichever form the app passed it in. */
export function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** A pull's device report (`&deviceId=…&pending=…`, a fresh id per test) is left out of the keys tests match on. */
export function withoutDeviceReport(url: string): string {
  return url.replace(/&deviceId=[^&]*&pending=\d+$/, '');
}

/** The body a fetch call sent: the app sends JSON text (src/api/client.ts), so any other body fails the test. */
export function bodyText(init: RequestInit | undefined): string {
  const body = init?.body;
  if (body === undefined || body === null) return '';
  if (typeof body !== 'string') throw new Error('Erwartet wurde ein Text als Body.');
  return body;
}

/** Replaces fetch with a table of "METHOD /path" handlers; anything else answers a JSON 404. */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const handler = handlers[`${(init.method ?? 'GET').toUpperCase()} ${withoutDeviceReport(urlOf(input))}`];
    return handler ? handler(init) : json({ message: 'Nicht gefunden', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one "METHOD /path", with their parsed JSON bodies and headers. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => withoutDeviceReport(urlOf(input)) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => ({
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
      credentials: init?.credentials,
    }));
}

/** Mounts the real route table at `path`, as the app does, with a fresh query cache. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

/** Waits for a toast with this title and returns its element. */
export async function findToast(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title);
  const toast = heading.closest<HTMLElement>('.mantine-Notification-root');
  if (!toast) throw new Error(`Kein Toast mit dem Titel ${title}`);
  return toast;
}

/**
 * The failure a dialog shows in itself (src/features/shared/DialogError.tsx), found by its
 * title inside `dialog`; no toast carries that title.
 */
export async function findDialogError(dialog: HTMLElement, title: string): Promise<HTMLElement> {
  const alert = await waitFor(() => {
    const match = within(dialog)
      .getAllByRole('alert')
      .find((element) => element.querySelector('.mantine-Alert-title')?.textContent === title);
    if (!match) throw new Error(`Keine Fehlermeldung „${title}“ im Dialog`);
    return match;
  });
  // Not (also) as a toast behind the dialog; earlier toasts of other actions may still fade out.
  const toastTitles = [...document.querySelectorAll('.mantine-Notification-title')].map((element) => element.textContent);
  expect(toastTitles).not.toContain(title);
  return alert;
}
