import type { OrganizationListItem } from '@sanidok/schema';
import { retentionMessages } from '@sanidok/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { materials, memberOrg, memberOrgMembers, ownedMembers, ownedOrg } from './organizations.fixtures';
import { bodyText, callsTo, findToast, json, mockApi, renderApp, testUser } from '../../helpers/render';

const adminOrg: OrganizationListItem = { ...memberOrg, id: 3, name: 'ASB Mitte', role: 'admin' };

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/user': () => json(testUser),
    'GET /api/organizations': () => json([ownedOrg, memberOrg, adminOrg]),
    'GET /api/invitations': () => json([]),
    'GET /api/organizations/1/members': () => json(ownedMembers),
    'GET /api/organizations/2/members': () => json(memberOrgMembers),
    'GET /api/organizations/3/members': () => json(memberOrgMembers),
    'GET /api/materials?organizationId=1': () => json(materials),
    'GET /api/materials?organizationId=2': () => json(materials),
    'GET /api/materials?organizationId=3': () => json(materials),
    'GET /api/organizations/1/access-logs': () => json([]),
    ...handlers,
  });
  return { fetchMock, ...renderApp('/organizations') };
}

const blobs: Blob[] = [];
afterEach(() => {
  blobs.length = 0;
  Reflect.deleteProperty(URL, 'createObjectURL');
});

describe('Aufbewahrung und Datenschutz', () => {
  it('the owner cannot go below the legal minimum (German refusal, nothing sent) and saves a longer period', async () => {
    const app = setup({ 'PUT /api/organizations/1/retention': (init) => json({ ...ownedOrg, ...(JSON.parse(bodyText(init)) as object) }) });
    const section = await screen.findByRole('region', { name: 'Aufbewahrung und Datenschutz' });
    const input = within(section).getByRole('textbox', { name: /Aufbewahrungsfrist versiegelter Dokumentation/ });
    expect(input).toHaveValue('10');
    await app.user.clear(input);
    await app.user.type(input, '9');
    await app.user.click(within(section).getByRole('button', { name: 'Frist speichern' }));
    expect(await within(section).findByText(retentionMessages.belowMinimum)).toBeInTheDocument();
    expect(callsTo(app.fetchMock, 'PUT', '/api/organizations/1/retention')).toEqual([]);

    await app.user.clear(input);
    await app.user.type(input, '12');
    await app.user.click(within(section).getByRole('button', { name: 'Frist speichern' }));
    await findToast('Aufbewahrungsfrist gespeichert');
    expect(callsTo(app.fetchMock, 'PUT', '/api/organizations/1/retention').map((c) => c.body)).toEqual([{ retentionYears: 12 }]);
  });

  it('an admin reads the period and downloads the record of processing activities; a member sees neither', async () => {
    Object.assign(URL, { createObjectURL: (blob: Blob) => { blobs.push(blob); return `blob:test/${blobs.length}`; }, revokeObjectURL: () => undefined });
    const record = { id: 1, serviceId: 's-1', serviceName: 'Stadtfest 2016', deletedAt: '2026-11-28T03:00:00.000Z', closedFrom: '2016-08-01T18:00:00.000Z', closedUntil: '2016-08-02T01:00:00.000Z', protocolCount: 3, minorTreatmentCount: 1, retentionYears: 10 };
    const app = setup({
      'GET /api/organizations/3/processing-record': () => json({ fileName: 'Verarbeitungsverzeichnis-ASB.md', markdown: '# Verzeichnis von Verarbeitungstätigkeiten' }),
      'GET /api/organizations/3/retention-deletions': () => json([record]),
    });
    await app.user.click(await screen.findByRole('button', { name: new RegExp(adminOrg.name) }));
    const section = await screen.findByRole('region', { name: 'Aufbewahrung und Datenschutz' });
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(within(section).getByText('Aufbewahrungsfrist versiegelter Dokumentation: 10 Jahre nach der Entlassung bzw. Archivierung.')).toBeInTheDocument();
    // The deletion records: date, service, span of closes, counts.
    const rows = within(await within(section).findByRole('table', { name: 'Löschnachweise' })).getAllByRole('row');
    expect(rows[1]?.textContent).toBe('28.11.2026Stadtfest 201601.08.2016 – 02.08.20163 Protokolle, 1 Bagatellbehandlung');
    await app.user.click(within(section).getByRole('button', { name: 'Verarbeitungsverzeichnis herunterladen' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(await blobs[0]?.text()).toBe('# Verzeichnis von Verarbeitungstätigkeiten');

    await app.user.click(screen.getByRole('button', { name: new RegExp(memberOrg.name) }));
    await screen.findByRole('region', { name: memberOrg.name });
    expect(screen.queryByRole('region', { name: 'Aufbewahrung und Datenschutz' })).toBeNull();
  });
});
