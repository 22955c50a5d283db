// @vitest-environment node
// The PWA's online calls check each answer with the shared reply schemas. Here the real
// server (buildApp on a temp SQLite file, real migrations) answers them, so a server change that
// breaks the client fails this test, not a user.
import {
  accessLogReply,
  adminOrganizationReply,
  adminServiceReply,
  adminSummaryReply,
  adminUserReply,
  archiveAccessFailureReply,
  archiveServiceReply,
  betaCodeReply,
  betaCodeUsageReply,
  betaModeReply,
  emailConfigurationReply,
  emailLogReply,
  emailTemplateReply,
  invitationAnsweredReply,
  invitationCreatedReply,
  invitationReply,
  materialReply,
  memberReply,
  organizationReply,
  publicUserReply,
  SYNC_SCHEMA_VERSION,
} from '@sanidok/schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { adminClient } from '../../../sync-server/test/helpers/admin';
import { createOrganization } from '../../../sync-server/test/helpers/organizations';
import type { Client } from '../../../sync-server/test/helpers/testApp';
import { createTestApp, registeredClient } from '../../../sync-server/test/helpers/testApp';
import { apiGet, apiSend } from '../../src/api/client';
import { createFetchTransport } from '../../src/sync/transport';

/** The browser's fetch, answered by the in-process server with this client's session cookie. */
function fetchThrough(client: Client): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const response = await client.request({
      method: init?.method ?? 'GET',
      url,
      ...(body === undefined ? {} : { payload: body, headers: { 'content-type': 'application/json' } }),
    });
    return new Response(response.statusCode === 204 || response.body === '' ? null : response.body, { status: response.statusCode });
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function setup() {
  const app = await createTestApp();
  const anna = await registeredClient(app, 'anna');
  const ben = await registeredClient(app, 'ben');
  const { id: organizationId } = await createOrganization(anna, 'DRK Müllheim');
  const now = Date.now();
  const service = await anna.post('/api/services', {
    name: 'Schützenfest', description: 'Test', location: 'Festplatz', organizationId,
    startDate: new Date(now - 3_600_000).toISOString(), endDate: new Date(now + 3_600_000).toISOString(),
  });
  expect(service.statusCode).toBe(201);
  return { app, anna, ben, organizationId };
}

describe('online replies of the real server parse with the reply schemas the PWA uses', () => {
  it('organisations, members, materials, invitations, access logs, archive and the sync pull', async () => {
    const { anna, ben, organizationId } = await setup();
    vi.stubGlobal('fetch', fetchThrough(anna));
    await apiSend('POST', '/api/materials', { name: 'Pflaster', unit: 'Stück', organizationId }, materialReply);
    expect(await apiSend('POST', `/api/organizations/${organizationId}/invite`, { username: 'ben', role: 'member' }, invitationCreatedReply)).toEqual({ ok: true });
    expect((await apiGet('/api/user', publicUserReply)).username).toBe('anna');
    expect(await apiGet('/api/organizations', z.array(organizationReply))).toHaveLength(1);
    expect(await apiGet(`/api/organizations/${organizationId}/members`, z.array(memberReply))).toHaveLength(1);
    expect(await apiGet(`/api/materials?organizationId=${organizationId}`, z.array(materialReply))).toHaveLength(1);
    await apiGet(`/api/organizations/${organizationId}/access-logs`, z.array(accessLogReply));
    await apiGet(`/api/organizations/${organizationId}/archive/services`, z.array(archiveServiceReply));
    await apiGet('/api/beta-mode', betaModeReply);

    // The dashboard and the services screens read what the sync pull brought: one parse per page.
    const pulled = await createFetchTransport(fetchThrough(anna)).pull({ limit: 500, schemaVersion: SYNC_SCHEMA_VERSION });
    expect(pulled.ok).toBe(true);
    if (pulled.ok) expect(pulled.body.changes.map((c) => c.entity).sort()).toEqual(['material', 'service', 'serviceTeamMember']);

    vi.stubGlobal('fetch', fetchThrough(ben));
    const invitations = await apiGet('/api/invitations', z.array(invitationReply));
    expect(invitations).toHaveLength(1);
    await apiSend('POST', `/api/invitations/${String(invitations[0]?.id)}/respond`, { response: 'accepted' }, invitationAnsweredReply);
  });

  it('the admin screens', async () => {
    const { app } = await setup();
    vi.stubGlobal('fetch', fetchThrough(await adminClient(app)));
    expect((await apiGet('/api/admin/summary', adminSummaryReply)).users).toBeGreaterThan(0);
    expect(await apiGet('/api/admin/users', z.array(adminUserReply))).not.toHaveLength(0);
    expect(await apiGet('/api/admin/organizations', z.array(adminOrganizationReply))).toHaveLength(1);
    expect(await apiGet('/api/admin/services', z.array(adminServiceReply))).toHaveLength(1);
    await apiSend('POST', '/api/admin/beta-codes/generate', { maxUses: 1 }, betaCodeReply);
    expect(await apiGet('/api/admin/beta-codes', z.array(betaCodeReply))).not.toHaveLength(0);
    await apiGet('/api/admin/beta-mode', betaModeReply);
    await apiGet('/api/admin/beta-code-usage', z.array(betaCodeUsageReply));
    await apiGet('/api/admin/archive-access-failures', z.array(archiveAccessFailureReply));
    await apiGet('/api/admin/email-configurations', z.array(emailConfigurationReply));
    await apiGet('/api/admin/email-templates', z.array(emailTemplateReply));
    await apiGet('/api/admin/email-logs', z.array(emailLogReply));
  });
});
