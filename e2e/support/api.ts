import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
// The package's source, not its name: the e2e folder has no dependencies of its own.
import { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url } from '@sanidok/crypto';
import { unlockWhenLocked } from '../helpers';

/**
 * Setup through the real server's REST API, for tests whose subject is not the screens that do
 * the same (those are covered in auth/organizations/services specs). The session cookie lands in
 * the browser context, so the app opened afterwards is signed in.
 */
export const clientHeader = { 'x-sanidok-client': 'e2e' };

/**
 * Given the page (not only its request context), the page also unlocks the device data with this
 * password whenever the lock screen shows (helpers.ts unlockWhenLocked): the app never
 * saw the password typed, so each fresh load starts locked.
 */
export async function registerViaApi(target: APIRequestContext | Page, username: string, password = 'Geheim-Sani-42'): Promise<number> {
  const request = 'request' in target ? target.request : target;
  if ('request' in target) await unlockWhenLocked(target, password);
  const response = await request.post('/api/register', { headers: clientHeader, data: { username, email: `${username}@example.de`, password } });
  expect(response.ok(), await response.text()).toBe(true);
  const user = (await (await request.get('/api/user')).json()) as { id: number };
  return user.id;
}

export async function createOrganizationViaApi(request: APIRequestContext, name: string): Promise<number> {
  const keys = publicKeysToBase64Url(await deriveOrganizationKeys(generateOrganizationSecret()));
  const response = await request.post('/api/organizations', { headers: clientHeader, data: { name, description: null, ...keys } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

/** The owner invites `member` with a role; the member (signed in on `memberRequest`) accepts. */
export async function addMemberViaApi(
  ownerRequest: APIRequestContext,
  memberRequest: APIRequestContext,
  organizationId: number,
  member: string,
  role: 'admin' | 'member',
): Promise<void> {
  const invite = await ownerRequest.post(`/api/organizations/${organizationId}/invite`, { headers: clientHeader, data: { username: member, role } });
  expect(invite.ok(), await invite.text()).toBe(true);
  const invitations = (await (await memberRequest.get('/api/invitations')).json()) as { id: number; organization: { id: number } }[];
  const invitation = invitations.find((i) => i.organization.id === organizationId);
  expect(invitation, 'Einladung beim Mitglied').toBeDefined();
  const respond = await memberRequest.post(`/api/invitations/${invitation?.id ?? 0}/respond`, { headers: clientHeader, data: { response: 'accepted' } });
  expect(respond.ok(), await respond.text()).toBe(true);
}

export async function createMaterialViaApi(request: APIRequestContext, organizationId: number, name: string, unit: string): Promise<number> {
  const response = await request.post('/api/materials', { headers: clientHeader, data: { name, unit, organizationId } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A service that runs now (started an hour ago, ends in eight hours), so capture screens offer it. */
export async function createRunningServiceViaApi(request: APIRequestContext, organizationId: number, name: string): Promise<string> {
  const id = randomUUID();
  const response = await request.post('/api/services', {
    headers: clientHeader,
    data: {
      id, name, description: 'Sanitätswache am Festzelt', location: 'Festplatz Süd', organizationId,
      startDate: new Date(Date.now() - 3_600_000).toISOString(), endDate: new Date(Date.now() + 8 * 3_600_000).toISOString(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return id;
}

/** The page is controlled by the service worker, so it reloads without a network. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // registerType 'prompt' does not claim open pages: the first reload after install does.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Cuts or restores the network of the whole context and waits until the page has noticed. */
export async function setOffline(context: BrowserContext, page: Page, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  await page.waitForFunction((expected) => navigator.onLine === expected, !offline);
}
