import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { clientHeader } from './api';
import { outboxSummary } from './device';

/** A tablet in landscape, as the medics hold it at the first-aid post. */
export const tabletContextOptions = {
  locale: 'de-DE',
  timezoneId: 'Europe/Berlin',
  viewport: { width: 1180, height: 820 },
  hasTouch: true,
} as const;

/**
 * Creates the organisation through the UI (as e2e/organizations.spec.ts does) and returns its id
 * and the key shown once in 'Organisationsschlüssel sichern' — the secret the owner later types
 * into the patient archive.
 */
export async function createOrganizationWithKeyViaUi(page: Page, name: string): Promise<{ id: number; keyText: string }> {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Organisation', exact: true }).click();
  await page.getByRole('button', { name: 'Organisation erstellen' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Organisation erstellen' });
  await createDialog.getByLabel('Name').fill(name);
  await createDialog.getByRole('button', { name: 'Erstellen' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'Organisationsschlüssel sichern' });
  await expect(keyDialog).toBeVisible({ timeout: 25_000 });
  const keyText = await keyDialog.getByLabel('Organisationsschlüssel').inputValue();
  await keyDialog.getByRole('button', { name: 'Schließen' }).last().click();
  await page.getByRole('button', { name: 'Ja, Schlüssel ist gesichert' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const organizations = (await (await page.request.get('/api/organizations')).json()) as { id: number; name: string }[];
  const created = organizations.find((o) => o.name === name);
  if (!created) throw new Error('Organisation fehlt auf dem Server');
  return { id: created.id, keyText };
}

/** Waits until the device has sent everything and nothing was refused. */
export async function expectOutboxDrained(page: Page, userId: number, timeout = 30_000): Promise<void> {
  await expect.poll(async () => outboxSummary(page, userId), { timeout }).toEqual({ pending: 0, rejected: 0, messages: [] });
}

export interface ProtocolViaApi {
  chiefComplaint: string;
  patientData: { firstName: string; lastName: string; dateOfBirth?: string; gender?: string };
}

/** A protocol created online through the REST API (set-up for tests whose subject is not the create dialog). */
export async function createProtocolViaApi(request: APIRequestContext, serviceId: string, protocol: ProtocolViaApi): Promise<string> {
  const id = randomUUID();
  const response = await request.post('/api/patient-protocols', { headers: clientHeader, data: { id, serviceId, ...protocol } });
  expect(response.status(), await response.text()).toBe(201);
  return id;
}
