import { postAdminAlert } from '../../src/domain/admin/alerts';
import type { AdminKey, RequestBuilder } from './requestTypes';
import {
  emailConfiguration, freshBetaCode, freshEmailConfiguration, freshEmailTemplate, freshForeignOrganization, freshForeignService, freshUser, uniqueName,
} from './fresh';

/**
 * The admin area. Targets are fresh (a user nobody needs, an organisation and a service of the
 * other owner, configurations and templates made for the case), so a granted call changes
 * nothing the other rows rely on.
 */
const operatorDetails = {
  name: 'Sanitätsdienst Musterstadt e. V.', address: 'Hauptstraße 1\n79379 Müllheim', email: 'info@example.org', phone: '07631 123456',
  representative: 'Max Muster (Vorstand)', registerDetails: '', dataProtectionOfficer: 'Erika Muster, datenschutz@example.org',
  supervisoryAuthority: 'Landesbeauftragte für Datenschutz Baden-Württemberg', processors: 'Hosting: Beispiel GmbH, Frankfurt',
};

export const adminRequests: Record<AdminKey, RequestBuilder> = {
  'GET /api/admin/summary': () => ({ url: '/api/admin/summary' }),
  'GET /api/admin/users': () => ({ url: '/api/admin/users' }),
  'GET /api/admin/organizations': () => ({ url: '/api/admin/organizations' }),
  'GET /api/admin/services': () => ({ url: '/api/admin/services' }),
  'GET /api/admin/archive-access-failures': () => ({ url: '/api/admin/archive-access-failures' }),
  'GET /api/admin/audit-log': () => ({ url: '/api/admin/audit-log' }),
  'GET /api/admin/alerts': () => ({ url: '/api/admin/alerts' }),
  // An alert of its own per case, as the archive would post it.
  'PATCH /api/admin/alerts/:id/read': async (c) => {
    await postAdminAlert(c.world.app.db, { kind: 'archive_access_alert', title: 'Testmeldung', body: 'Für die Matrix' });
    const { id } = await c.world.app.db.selectFrom('adminAlerts').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    return { url: `/api/admin/alerts/${id}/read` };
  },
  'POST /api/admin/users/:userId/reset-password': async ({ world }) => ({
    url: `/api/admin/users/${(await freshUser(world)).id}/reset-password`, payload: { newPassword: 'neues-passwort' },
  }),
  'PATCH /api/admin/users/:userId/block': async ({ world }) => ({ url: `/api/admin/users/${(await freshUser(world)).id}/block`, payload: { isBlocked: true } }),
  'DELETE /api/admin/users/:userId': async ({ world }) => ({ url: `/api/admin/users/${(await freshUser(world)).id}` }),
  'PATCH /api/admin/organizations/:orgId/block': async ({ world }) => ({
    url: `/api/admin/organizations/${await freshForeignOrganization(world)}/block`, payload: { isBlocked: true },
  }),
  'DELETE /api/admin/organizations/:orgId': async ({ world }) => ({ url: `/api/admin/organizations/${await freshForeignOrganization(world)}` }),
  'PATCH /api/admin/services/:serviceId/block': async ({ world }) => ({
    url: `/api/admin/services/${await freshForeignService(world)}/block`, payload: { isBlocked: true },
  }),
  'DELETE /api/admin/services/:serviceId': async ({ world }) => ({ url: `/api/admin/services/${await freshForeignService(world)}` }),
  'GET /api/admin/operator-details': () => ({ url: '/api/admin/operator-details' }),
  'PUT /api/admin/operator-details': () => ({ url: '/api/admin/operator-details', payload: operatorDetails }),
  'GET /api/admin/beta-mode': () => ({ url: '/api/admin/beta-mode' }),
  // Off, as it is: with beta mode on, the registration row would need a code.
  'POST /api/admin/beta-mode': () => ({ url: '/api/admin/beta-mode', payload: { enabled: false } }),
  'GET /api/admin/beta-codes': () => ({ url: '/api/admin/beta-codes' }),
  'POST /api/admin/beta-codes/generate': () => ({ url: '/api/admin/beta-codes/generate', payload: { description: uniqueName('Matrix'), maxUses: 1 } }),
  'PATCH /api/admin/beta-codes/:id/toggle': async ({ world }) => ({ url: `/api/admin/beta-codes/${await freshBetaCode(world)}/toggle`, payload: { isActive: false } }),
  'GET /api/admin/beta-code-usage': () => ({ url: '/api/admin/beta-code-usage' }),
  'GET /api/admin/email-configurations': () => ({ url: '/api/admin/email-configurations' }),
  'POST /api/admin/email-configurations': ({ world }) => ({ url: '/api/admin/email-configurations', payload: emailConfiguration(world) }),
  'PATCH /api/admin/email-configurations/:id': async ({ world }) => ({
    url: `/api/admin/email-configurations/${await freshEmailConfiguration(world)}`, payload: { fromName: 'Neuer Absender', password: '' },
  }),
  'DELETE /api/admin/email-configurations/:id': async ({ world }) => ({ url: `/api/admin/email-configurations/${await freshEmailConfiguration(world)}` }),
  'POST /api/admin/test-email': ({ world }) => ({ url: '/api/admin/test-email', payload: emailConfiguration(world) }),
  'POST /api/admin/email-configurations/:configId/send-test': async ({ world }) => ({
    url: `/api/admin/email-configurations/${await freshEmailConfiguration(world)}/send-test`, payload: { email: 'leitung@example.de' },
  }),
  'GET /api/admin/email-templates': () => ({ url: '/api/admin/email-templates' }),
  'POST /api/admin/email-templates': () => ({ url: '/api/admin/email-templates', payload: { name: uniqueName('vorlage').replace(' ', '-'), subject: 'Hinweis' } }),
  'PATCH /api/admin/email-templates/:id': async ({ world }) => ({ url: `/api/admin/email-templates/${await freshEmailTemplate(world)}`, payload: { subject: 'Neuer Betreff' } }),
  'DELETE /api/admin/email-templates/:id': async ({ world }) => ({ url: `/api/admin/email-templates/${await freshEmailTemplate(world)}` }),
  'GET /api/admin/email-templates/:id/preview': async ({ world }) => ({ url: `/api/admin/email-templates/${await freshEmailTemplate(world)}/preview` }),
  'GET /api/admin/email-logs': () => ({ url: '/api/admin/email-logs' }),
};
