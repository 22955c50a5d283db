import type { AdminOrganization, AdminService, AdminUser, BetaCodeItem, EmailConfigurationItem, EmailLogItem, EmailTemplateItem } from '@sanidok/schema';
import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, findDialogError, findToast, json, mockApi, renderApp, testUser } from '../../helpers/render';

const admin = { ...testUser, id: 1, username: 'plattform', isAdmin: true, totpEnabled: true };
const hour = 3_600_000;

const users: AdminUser[] = [
  { id: 1, username: 'plattform', email: null, fullName: 'Plattform-Administrator', isAdmin: true, isBlocked: false, totpEnabled: true, emailVerified: false, createdAt: '2026-01-01T08:00:00.000Z', organizationCount: 0, ownedOrganizations: [] },
  { id: 7, username: 'anna.sani', email: 'anna@example.org', fullName: 'Anna Sanitäterin', isAdmin: false, isBlocked: false, totpEnabled: false, emailVerified: true, createdAt: '2026-03-01T08:30:00.000Z', organizationCount: 1, ownedOrganizations: [] },
];
const organizations: AdminOrganization[] = [
  { id: 3, name: 'DRK Ortsverein Nord', description: null, isBlocked: false, createdAt: '2026-02-01T08:00:00.000Z', createdById: 7, ownerUsername: 'anna.sani', memberCount: 4, serviceCount: 2, patientRecordCount: 5, archivedProtocolCount: 2 },
];
const services = (): AdminService[] => [
  {
    id: '0190a1b2-0000-7000-8000-000000000001', name: 'Stadtfest', location: 'Marktplatz', startDate: new Date(Date.now() - hour).toISOString(), endDate: new Date(Date.now() + hour).toISOString(),
    status: 'active', isBlocked: false, organizationBlocked: false, organizationId: 3, organizationName: 'DRK Ortsverein Nord', createdAt: '2026-02-01T08:00:00.000Z', patientRecordCount: 0, archivedProtocolCount: 0,
  },
  {
    id: '0190a1b2-0000-7000-8000-000000000002', name: 'Marathon', location: 'Hafen', startDate: new Date(Date.now() + 24 * hour).toISOString(), endDate: new Date(Date.now() + 30 * hour).toISOString(),
    status: 'active', isBlocked: true, organizationBlocked: false, organizationId: 3, organizationName: 'DRK Ortsverein Nord', createdAt: '2026-02-01T08:00:00.000Z', patientRecordCount: 0, archivedProtocolCount: 0,
  },
];
const configuration: EmailConfigurationItem = {
  id: 4, name: 'Hauptserver', host: 'smtp.example.de', port: 587, useTLS: true, username: 'sanidok', hasPassword: true, fromEmail: 'noreply@example.de', fromName: 'SaniDok',
  isActive: true, createdAt: '2026-01-01T08:00:00.000Z', updatedAt: '2026-01-01T08:00:00.000Z',
};
const template: EmailTemplateItem = {
  id: 9, name: 'account_created', subject: 'Willkommen bei SaniDok, {{userName}}', htmlBody: '<p>Hallo {{userName}}</p>', textBody: '', variables: ['userName'], isActive: true,
  createdAt: '2026-01-01T08:00:00.000Z', updatedAt: '2026-01-01T08:00:00.000Z',
};
const logs: EmailLogItem[] = Array.from({ length: 25 }, (_, i) => ({
  id: 100 - i, toEmail: `person${i}@example.de`, fromEmail: 'noreply@example.de', subject: `Betreff ${i}`, templateId: 9, templateName: 'account_created',
  status: i === 0 ? 'error' : 'sent', errorMessage: i === 0 ? 'Keine aktive SMTP-Konfiguration. Die E-Mail wurde nicht versendet.' : null, sentAt: null, createdAt: '2026-05-01T10:00:00.000Z',
}));
const code: BetaCodeItem = {
  id: 2, code: 'BETA-ABCDEF-GHJKLM', description: 'Nord', isActive: true, maxUses: 3, usedCount: 1, createdAt: '2026-01-01T08:00:00.000Z', createdById: 1, creatorUsername: 'plattform', expiresAt: null,
};

type Handlers = Parameters<typeof mockApi>[0];

const operatorDetails = {
  name: 'Sanitätsdienst Musterstadt e. V.', address: 'Hauptstraße 1\n79379 Müllheim', email: 'info@example.org', phone: '07631 123456',
  representative: 'Max Muster (Vorstand)', registerDetails: '', dataProtectionOfficer: 'Erika Muster, datenschutz@example.org',
  supervisoryAuthority: 'Landesbeauftragte für Datenschutz Baden-Württemberg', processors: 'Hosting: Beispiel GmbH, Frankfurt', updatedAt: '2026-11-01T10:00:00.000Z',
};

function setup(path = '/admin', handlers: Handlers = {}) {
  const fetchMock = mockApi({
    'GET /api/user': () => json(admin),
    'GET /api/admin/summary': () => json({ users: 2, blockedUsers: 0, organizations: 1, blockedOrganizations: 0, services: 2, activeServices: 1 }),
    'GET /api/admin/users': () => json(users),
    'GET /api/admin/organizations': () => json(organizations),
    'GET /api/admin/services': () => json(services()),
    'GET /api/admin/archive-access-failures': () => json([]),
    'GET /api/admin/beta-mode': () => json({ betaModeEnabled: false }),
    'GET /api/admin/beta-codes': () => json([code]),
    'GET /api/admin/beta-code-usage': () => json([]),
    'GET /api/admin/email-configurations': () => json([configuration]),
    'GET /api/admin/email-templates': () => json([template]),
    'GET /api/admin/email-logs': () => json(logs),
    'GET /api/admin/operator-details': () => json({ operator: operatorDetails }),
    'GET /api/admin/audit-log': () => json([]),
    ...handlers,
  });
  return { fetchMock, ...renderApp(path) };
}

describe('/admin', () => {
  it('shows the summary counts and the eight tabs', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin-Bereich' })).toBeInTheDocument();
    const usersCard = screen.getByRole('group', { name: 'Benutzer' });
    await waitFor(() => expect(within(usersCard).getByText('2')).toBeInTheDocument());
    expect(within(screen.getByRole('group', { name: 'Sanitätsdienste' })).getByText('1 aktiv')).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Benutzer', 'Organisationen', 'Sanitätsdienste', 'Archiv-Fehlversuche', 'Beta-Codes', 'E-Mail', 'Betreiber', 'Audit-Log']);
    // Operator entered, an active SMTP configuration: no notice on the first screen.
    expect(screen.queryByTestId('operator-missing')).not.toBeInTheDocument();
    expect(screen.queryByTestId('email-missing')).not.toBeInTheDocument();
  });

  it('searches users on the server and resets a password (at least 10 characters)', async () => {
    const app = setup('/admin', {
      'GET /api/admin/users?search=anna': () => json([users[1]]),
      'POST /api/admin/users/7/reset-password': () => json({ message: 'Interner Fehler beim Speichern', code: 'INTERNAL' }, 500),
    });
    const table = await screen.findByRole('table', { name: 'Benutzer der Plattform' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // One's own row cannot be blocked or deleted.
    expect(within(table).getByRole('button', { name: 'plattform sperren' })).toBeDisabled();
    await app.user.type(screen.getByRole('searchbox', { name: 'Benutzer suchen' }), 'anna');
    await waitFor(() => expect(callsTo(app.fetchMock, 'GET', '/api/admin/users?search=anna').length).toBeGreaterThan(0));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Benutzer der Plattform' })).getAllByRole('row')).toHaveLength(2));

    await app.user.click(screen.getByRole('button', { name: 'Passwort von anna.sani zurücksetzen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passwort von anna.sani zurücksetzen' });
    await app.user.type(within(dialog).getByLabelText(/Neues Passwort/), '123456789');
    await app.user.click(within(dialog).getByRole('button', { name: 'Passwort zurücksetzen' }));
    expect(await within(dialog).findByText('Das neue Passwort muss mindestens 10 Zeichen lang sein')).toBeInTheDocument();
    expect(callsTo(app.fetchMock, 'POST', '/api/admin/users/7/reset-password')).toHaveLength(0);
    await app.user.type(within(dialog).getByLabelText(/Neues Passwort/), '0');
    await app.user.click(within(dialog).getByRole('button', { name: 'Passwort zurücksetzen' }));
    expect(await findDialogError(dialog, 'Fehler beim Zurücksetzen des Passworts')).toHaveTextContent('Interner Fehler beim Speichern');
    expect(callsTo(app.fetchMock, 'POST', '/api/admin/users/7/reset-password')[0]?.body).toEqual({ newPassword: '1234567890' });
  });

  it('blocks a user with a reason and reports a failed deletion with the spec title', async () => {
    const app = setup('/admin', {
      'PATCH /api/admin/users/7/block': () => json({ ...users[1], isBlocked: true }),
      'DELETE /api/admin/users/7': () => json({ message: 'Der Benutzer ist Inhaber von „X“.', code: 'CONFLICT' }, 409),
    });
    await app.user.click(await screen.findByRole('button', { name: 'anna.sani sperren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer sperren' });
    await app.user.type(within(dialog).getByLabelText(/Grund/), 'Missbrauch');
    await app.user.click(within(dialog).getByRole('button', { name: 'Sperren' }));
    await findToast('Erfolgreich gespeichert');
    expect(callsTo(app.fetchMock, 'PATCH', '/api/admin/users/7/block')[0]?.body).toEqual({ isBlocked: true, reason: 'Missbrauch' });
    act(() => cleanNotifications());

    await app.user.click(screen.getByRole('button', { name: 'anna.sani löschen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Benutzer löschen' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    expect(await findToast('Fehler beim Löschen des Benutzers')).toHaveTextContent('Der Benutzer ist Inhaber von „X“.');
  });

  it('asks for the organisation’s name before deleting patient documentation', async () => {
    const app = setup('/admin?tab=organizations', { 'DELETE /api/admin/organizations/3': () => json({ ok: true, deleted: { patientRecords: 5, archivedProtocols: 2 } }) });
    await app.user.click(await screen.findByRole('button', { name: 'Organisation DRK Ortsverein Nord löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Organisation löschen' });
    expect(dialog).toHaveTextContent('Hier liegen 5 Patientendokumentationen, davon 2 archivierte (verschlüsselte) Protokolle.');
    const submit = within(dialog).getByRole('button', { name: 'Löschen' });
    expect(submit).toBeDisabled();
    await app.user.type(within(dialog).getByLabelText(/Name zur Bestätigung/), 'DRK Ortsverein');
    expect(submit).toBeDisabled();
    await app.user.type(within(dialog).getByLabelText(/Name zur Bestätigung/), ' Nord');
    await app.user.click(submit);
    await findToast('Gelöscht');
    expect(callsTo(app.fetchMock, 'DELETE', '/api/admin/organizations/3')[0]?.body).toEqual({ confirmName: 'DRK Ortsverein Nord' });
  });

  it('shows the services’ activity and block status', async () => {
    setup('/admin?tab=services');
    const table = await screen.findByRole('table', { name: 'Sanitätsdienste der Plattform' });
    const [running, planned] = within(table).getAllByRole('row').slice(1);
    expect(running).toHaveTextContent('Aktiv');
    expect(running).toHaveTextContent('Freigegeben');
    expect(planned).toHaveTextContent('Inaktiv');
    expect(planned).toHaveTextContent('Gesperrt');
    expect(within(planned as HTMLElement).getByRole('button', { name: 'Sanitätsdienst Marathon entsperren' })).toBeInTheDocument();
  });

  it('reports failures of the beta mode and of code generation with the spec titles', async () => {
    const app = setup('/admin?tab=beta', {
      'POST /api/admin/beta-mode': () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
      'POST /api/admin/beta-codes/generate': () => json({ message: 'Die maximale Anzahl an Verwendungen muss mindestens 1 sein', code: 'VALIDATION' }, 400),
    });
    expect(await screen.findByText('BETA-ABCDEF-GHJKLM')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Beta-Codes' })).toHaveTextContent('1 / 3');
    await app.user.click(screen.getByRole('switch', { name: 'Registrierung nur mit Beta-Code' }));
    expect(await findToast('Fehler beim Ändern des Beta-Modus')).toHaveTextContent('503 Service Unavailable');
    // One toast at a time (docs/spec/accounts.md §9): clear it instead of waiting 5 s for the next.
    act(() => cleanNotifications());

    await app.user.click(screen.getByRole('button', { name: 'Beta-Code generieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beta-Code generieren' });
    expect(within(dialog).getByLabelText(/Maximale Verwendungen/)).toHaveValue('1');
    await app.user.type(within(dialog).getByLabelText('Beschreibung'), 'Süd');
    await app.user.click(within(dialog).getByRole('button', { name: 'Generieren' }));
    await findDialogError(dialog, 'Fehler beim Generieren des Beta-Codes');
    expect(callsTo(app.fetchMock, 'POST', '/api/admin/beta-codes/generate')[0]?.body).toEqual({ description: 'Süd', maxUses: 1, expiresAt: null });
  });

  it('e-mail tab: SMTP form defaults and required fields, failed test mail, preview in a new tab, 20 log entries', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const app = setup('/admin?tab=email', {
      'POST /api/admin/email-configurations/4/send-test': () =>
        json({ message: 'Die E-Mail konnte nicht versendet werden: connect ECONNREFUSED', code: 'MAIL_FAILED' }, 502),
    });
    // By label, not by role: role queries over 20 rows of a big DOM are slow in jsdom.
    const logTable = await screen.findByLabelText('E-Mail-Protokoll (neueste 20 Einträge)', {}, { timeout: 5000 });
    expect(logTable.querySelectorAll('tbody tr')).toHaveLength(20);
    expect(logTable).toHaveTextContent('Keine aktive SMTP-Konfiguration. Die E-Mail wurde nicht versendet.');
    expect(logTable).not.toHaveTextContent('person20@example.de');

    await app.user.click(screen.getByRole('button', { name: 'Neue Konfiguration' }));
    const form = await screen.findByRole('dialog', { name: 'Neue Konfiguration' });
    expect(within(form).getByLabelText('Port')).toHaveValue('587');
    expect(within(form).getByRole('switch', { name: /TLS verwenden/ })).toBeChecked();
    await app.user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await findDialogError(form, 'Fehler')).toHaveTextContent('Bitte füllen Sie alle Pflichtfelder aus');
    expect(within(form).getAllByText('Bitte füllen Sie alle Pflichtfelder aus').length).toBeGreaterThanOrEqual(4);
    expect(callsTo(app.fetchMock, 'POST', '/api/admin/email-configurations')).toHaveLength(0);
    await app.user.click(within(form).getByRole('button', { name: 'Abbrechen' }));
    act(() => cleanNotifications());

    await app.user.click(screen.getByRole('button', { name: 'Test-E-Mail über Hauptserver senden' }));
    const send = await screen.findByRole('dialog', { name: 'Test-E-Mail über „Hauptserver“ senden' });
    await app.user.type(within(send).getByLabelText(/E-Mail-Adresse/), 'leitung@example.de');
    await app.user.click(within(send).getByRole('button', { name: 'Senden' }));
    const failure = await findDialogError(send, 'Test-E-Mail fehlgeschlagen');
    expect(failure).toHaveTextContent('ECONNREFUSED');
    expect(failure).toHaveTextContent('Bitte prüfen Sie die SMTP-Einstellungen oder die E-Mail-Adresse.');

    await app.user.click(screen.getByRole('button', { name: 'Vorschau von account_created in neuem Tab öffnen' }));
    expect(open).toHaveBeenCalledWith('/api/admin/email-templates/9/preview', '_blank', 'noopener');
  });
});
