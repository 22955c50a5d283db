import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { e2eAdmin } from '../../playwright.config';
import { expectSignedInDashboard, unlockWhenLocked } from '../helpers';
import { clientHeader } from './api';
import { laneBaseURL, laneDataDir } from './lane';

/**
 * Platform admins must sign in with two factors (docs/security.md "Two factors"). The e2e admin
 * sets them up on first use, like a real admin in the settings, and keeps the secret next to the
 * database (the lane's data folder is wiped with it at every server start), so every spec file of
 * the lane signs in with the authenticator app's codes.
 */
const stateFile = () => `${laneDataDir()}/admin-totp.json`;
const period = 30_000;

interface AdminTotpState {
  secret: string;
  /** The last time step whose code was used: the server accepts each step once. */
  lastStep: number;
}

const codeAt = (secret: string, step: number) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: step * period });

function readState(): AdminTotpState | null {
  return existsSync(stateFile()) ? (JSON.parse(readFileSync(stateFile(), 'utf8')) as AdminTotpState) : null;
}

function writeState(state: AdminTotpState): void {
  mkdirSync(laneDataDir(), { recursive: true });
  writeFileSync(stateFile(), JSON.stringify(state));
}

/** The code of the next unused time step; waits for the clock when the last two steps are spent. */
async function nextCode(state: AdminTotpState): Promise<string> {
  const now = Math.floor(Date.now() / period);
  const step = Math.max(now, state.lastStep + 1);
  if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * period - Date.now() + 250));
  writeState({ ...state, lastStep: step });
  return codeAt(state.secret, step);
}

/** Sets the admin's two factors up through the API once per server run (a fresh context, closed after). */
async function ensureEnrolled(browser: Browser): Promise<AdminTotpState> {
  const known = readState();
  if (known) return known;
  const context = await browser.newContext({ baseURL: laneBaseURL() });
  try {
    const request = context.request;
    expect((await request.post('/api/login', { headers: clientHeader, data: e2eAdmin })).status()).toBe(200);
    const setup = await request.post('/api/account/totp/setup', { headers: clientHeader, data: { currentPassword: e2eAdmin.password } });
    expect(setup.status()).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    const step = Math.floor(Date.now() / period);
    expect((await request.post('/api/account/totp/confirm', { headers: clientHeader, data: { code: codeAt(secret, step) } })).status()).toBe(200);
    const state = { secret, lastStep: step };
    writeState(state);
    return state;
  } finally {
    await context.close();
  }
}

/** Signs the platform admin in through the API of `request` (its context keeps the session). */
export async function adminApiLogin(browser: Browser, request: APIRequestContext): Promise<void> {
  const state = await ensureEnrolled(browser);
  const response = await request.post('/api/login', { headers: clientHeader, data: { ...e2eAdmin, totpCode: await nextCode(state) } });
  expect(response.status()).toBe(200);
}

/** Signs the platform admin in through the sign-in page: password, then the code the form asks for. */
export async function loginAdminViaUi(page: Page): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error('Kein Browser zum Einrichten der Zwei-Faktor-Anmeldung');
  const state = await ensureEnrolled(browser);
  await unlockWhenLocked(page, e2eAdmin.password);
  await page.goto('/auth');
  await page.getByLabel('Benutzername').fill(e2eAdmin.username);
  await page.getByLabel('Passwort', { exact: true }).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.getByLabel('Code aus der Authenticator-App').fill(await nextCode(state));
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expectSignedInDashboard(page);
}
