import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
// The package's source, not its name: the e2e folder has no dependencies of its own.
import { deriveOrganizationKeys, encodeOrganizationSecret, generateOrganizationSecret, publicKeysToBase64Url } from '@sanidok/crypto';
import { uniqueName, unlockWhenLocked } from '../helpers';
import { tabletPortrait } from './a11y';
import { addMemberViaApi, clientHeader, createMaterialViaApi, createRunningServiceViaApi, registerViaApi } from './api';

// The data behind the signed-in screens of e2e/a11y.spec.ts, set up through the real server.

const hour = 3_600_000;

export interface A11yFixture {
  context: BrowserContext;
  page: Page;
  organizationName: string;
  archiveKey: string;
  runningService: { id: string; name: string };
  openProtocolId: string;
  dischargedProtocolId: string;
}

export async function newTabletContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  return browser.newContext({ ...tabletPortrait, baseURL });
}

async function post(request: APIRequestContext, url: string, data: object): Promise<unknown> {
  const response = await request.post(url, { headers: clientHeader, data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** An organisation whose key the test knows, so the patient archive can be opened with it. */
async function organizationWithKnownKey(request: APIRequestContext, name: string): Promise<{ id: number; keyText: string }> {
  const secret = generateOrganizationSecret();
  const keys = publicKeysToBase64Url(await deriveOrganizationKeys(secret));
  const created = (await post(request, '/api/organizations', { name, description: 'Barrierefreiheitstest', ...keys })) as { id: number };
  return { id: created.id, keyText: encodeOrganizationSecret(secret) };
}

async function serviceAt(request: APIRequestContext, organizationId: number, name: string, startOffset: number, endOffset: number): Promise<void> {
  await post(request, '/api/services', {
    id: randomUUID(), name, location: 'Stadthalle', organizationId,
    startDate: new Date(Date.now() + startOffset).toISOString(), endDate: new Date(Date.now() + endOffset).toISOString(),
  });
}

/**
 * Everything the screens show, through the real server's API: an owned organisation with a
 * member, materials, a running, a planned and an ended service, a minor treatment, an open
 * protocol with vital signs and a treatment entry, a discharged one (archive), an invitation.
 */
export async function prepareA11yData(browser: Browser, baseURL: string | undefined): Promise<A11yFixture> {
  const context = await newTabletContext(browser, baseURL);
  const helperContext = await newTabletContext(browser, baseURL);
  const request = context.request;
  const owner = uniqueName('a11y-inhaber');
  const helper = uniqueName('a11y-helfer');
  await registerViaApi(request, owner);
  await registerViaApi(helperContext.request, helper);

  const organizationName = `DRK Barrierefrei ${uniqueName('org')}`;
  const organization = await organizationWithKnownKey(request, organizationName);
  await addMemberViaApi(request, helperContext.request, organization.id, helper, 'member');
  // The helper's own organisation invites the owner: the Einladungen tab has an entry.
  const helperOrganization = await organizationWithKnownKey(helperContext.request, `Malteser ${uniqueName('org')}`);
  await post(helperContext.request, `/api/organizations/${helperOrganization.id}/invite`, { username: owner, role: 'member' });
  await helperContext.close();

  const bandage = await createMaterialViaApi(request, organization.id, 'Verbandpäckchen', 'Stück');
  await createMaterialViaApi(request, organization.id, 'Kühlpack', 'Stück');
  const runningName = `Stadtfest ${uniqueName('dienst')}`;
  const runningId = await createRunningServiceViaApi(request, organization.id, runningName);
  await serviceAt(request, organization.id, `Weinfest ${uniqueName('geplant')}`, 48 * hour, 56 * hour);
  await serviceAt(request, organization.id, `Marathon ${uniqueName('beendet')}`, -56 * hour, -48 * hour);

  await post(request, '/api/minor-treatments', {
    serviceId: runningId, patientName: 'Jürgen Müller', description: 'Schürfwunde Knie, gereinigt und verbunden', materials: [{ id: bandage, quantity: 1 }],
  });

  const openProtocolId = randomUUID();
  await post(request, '/api/patient-protocols', {
    id: openProtocolId, serviceId: runningId, chiefComplaint: 'Kreislaufschwäche', allergies: 'Penicillin',
    patientData: { firstName: 'Erika', lastName: 'Sonnenschein', dateOfBirth: '1962-07-14', gender: 'weiblich' },
  });
  for (const [minutesAgo, heartRate] of [[30, 104], [10, 88]] as const) {
    await post(request, `/api/patient-protocols/${openProtocolId}/vital-signs`, {
      recordedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      bloodPressureSystolic: 135, bloodPressureDiastolic: 85, heartRate, oxygenSaturation: 96, temperature: 36.9, painScale: 3,
    });
  }
  // An opening in the access log, so the Zugriffsprotokolle tab shows its table.
  await post(request, '/api/access-logs/protocol-access', { protocolId: openProtocolId });
  await post(request, `/api/patient-protocols/${openProtocolId}/treatment-entries`, { id: randomUUID(), time: '14:05', text: 'Patient hingelegt, Beine hochgelagert', performer: 'helfer1' });

  const dischargedProtocolId = randomUUID();
  await post(request, '/api/patient-protocols', {
    id: dischargedProtocolId, serviceId: runningId, chiefComplaint: 'Insektenstich',
    patientData: { firstName: 'Otto', lastName: 'Normalverbraucher', dateOfBirth: '1980-01-01' },
  });
  const discharged = await request.patch(`/api/patient-protocols/${dischargedProtocolId}/discharge`, {
    headers: clientHeader, data: { dischargeStatus: 'stabil', dischargeDestination: 'Nach Hause', handoverTo: 'Ehefrau' },
  });
  expect(discharged.ok(), await discharged.text()).toBe(true);

  const page = await context.newPage();
  await unlockWhenLocked(page);
  await page.goto('/dashboard');
  return { context, page, organizationName, archiveKey: organization.keyText, runningService: { id: runningId, name: runningName }, openProtocolId, dischargedProtocolId };
}

