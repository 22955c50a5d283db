import type { AdminAuditEntry } from '@sanidok/schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, json, mockApi, renderApp, testUser } from '../../helpers/render';

/** The first screen's notices, the operator details, the audit log. */

const admin = { ...testUser, id: 1, username: 'plattform', isAdmin: true, totpEnabled: true };
const details = {
  name: 'Sanitätsdienst Musterstadt e. V.', address: 'Hauptstraße 1\n79379 Müllheim', email: 'info@example.org', phone: '07631 123456',
  representative: 'Max Muster (Vorstand)', registerDetails: '', dataProtectionOfficer: 'Erika Muster, datenschutz@example.org',
  supervisoryAuthority: 'Landesbeauftragte für Datenschutz Baden-Württemberg', processors: 'Hosting: Beispiel GmbH, Frankfurt',
};
const entry: AdminAuditEntry = {
  id: 5, actorId: 1, actorUsername: 'plattform', action: 'organization.block', targetType: 'organization', targetId: '3', targetName: 'DRK Nord',
  details: '{"reason":"Test"}', ipAddress: '127.0.0.1', createdAt: '2026-11-01T10:00:00.000Z',
};

function setup(path: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/user': () => json(admin),
    'GET /api/admin/summary': () => json({ users: 1, blockedUsers: 0, organizations: 0, blockedOrganizations: 0, services: 0, activeServices: 0 }),
    'GET /api/admin/users': () => json([]),
    'GET /api/admin/alerts': () => json([]),
    'GET /api/admin/email-configurations': () => json([]),
    'GET /api/admin/operator-details': () => json({ operator: null }),
    'GET /api/admin/audit-log': () => json([entry]),
    ...handlers,
  });
  return { fetchMock, ...renderApp(path) };
}

describe('admin area: operator, audit log, notices', () => {
  it('says on the first screen that the operator is missing and that e-mail is not set up', async () => {
    setup('/admin');
    expect(await screen.findByTestId('operator-missing')).toHaveTextContent('Impressum und Datenschutzerklärung nennen noch keinen Betreiber');
    expect(await screen.findByTestId('email-missing')).toHaveTextContent('E-Mail ist nicht eingerichtet');
    await userEvent.click(screen.getByRole('button', { name: 'Betreiber eintragen' }));
    expect(await screen.findByRole('form', { name: 'Betreiber' })).toBeInTheDocument();
  });

  it('checks the operator details in the form and saves them', async () => {
    const app = setup('/admin?tab=operator', { 'PUT /api/admin/operator-details': () => json({ operator: { ...details, updatedAt: '2026-11-24T10:00:00.000Z' } }) });
    const form = await screen.findByRole('form', { name: 'Betreiber' });
    await userEvent.click(within(form).getByRole('button', { name: 'Angaben speichern' }));
    expect(await within(form).findByText('Bitte geben Sie den Namen des Betreibers ein')).toBeInTheDocument();
    expect(callsTo(app.fetchMock, 'PUT', '/api/admin/operator-details')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: /Name des Betreibers/ }), { target: { value: details.name } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Anschrift/ }), { target: { value: details.address } });
    fireEvent.change(within(form).getByRole('textbox', { name: /E-Mail-Adresse/ }), { target: { value: details.email } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Telefonnummer/ }), { target: { value: details.phone } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Vertretungsberechtigt/ }), { target: { value: details.representative } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Datenschutzbeauftragte/ }), { target: { value: details.dataProtectionOfficer } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Aufsichtsbehörde/ }), { target: { value: details.supervisoryAuthority } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Auftragsverarbeiter/ }), { target: { value: details.processors } });
    await userEvent.click(within(form).getByRole('button', { name: 'Angaben speichern' }));
    expect(await within(form).findByText('Die Betreiberangaben sind gespeichert.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(app.fetchMock, 'PUT', '/api/admin/operator-details')[0]?.body).toEqual(details));
  });

  it('lists the audit log', async () => {
    setup('/admin?tab=audit-log');
    const table = await screen.findByRole('table', { name: 'Audit-Log' });
    expect(within(table).getByText('organization.block')).toBeInTheDocument();
    expect(within(table).getByText('organization: DRK Nord')).toBeInTheDocument();
  });
});
