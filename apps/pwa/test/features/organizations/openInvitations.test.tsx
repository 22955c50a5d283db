import type { OrganizationListItem } from '@sanidok/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberOrg, openInvitations, ownedOrg, setupOrganizationsPage } from './organizations.fixtures';
import { callsTo, findToast, json } from '../../helpers/render';

const setup = (orgs: OrganizationListItem[] = [ownedOrg], handlers: Parameters<typeof setupOrganizationsPage>[1] = {}) => setupOrganizationsPage(orgs, handlers);

async function openList() {
  const detail = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
  return within(detail).findByRole('list', { name: 'Offene Einladungen' });
}

describe('Einladungen, die warten', () => {
  it('invites an e-mail address through the one field and says the invitation waits', async () => {
    const app = setup(undefined, { 'POST /api/organizations/1/invite': () => json({ ok: true }, 201) });
    const detail = await screen.findByRole('region', { name: 'DRK Ortsverein Nord' });
    await app.user.click(within(detail).getByRole('button', { name: 'Mitglied hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied hinzufügen' });
    await app.user.type(within(dialog).getByLabelText(/^Benutzername oder E-Mail-Adresse/), 'kein-at@');
    await app.user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    expect(await within(dialog).findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeInTheDocument();
    await app.user.clear(within(dialog).getByLabelText(/^Benutzername oder E-Mail-Adresse/));
    await app.user.type(within(dialog).getByLabelText(/^Benutzername oder E-Mail-Adresse/), ' Gast@Example.de ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    const toast = await findToast('Einladung versendet');
    expect(toast).toHaveTextContent('Die Einladung an „Gast@Example.de“ wartet');
    expect(callsTo(app.fetchMock, 'POST', '/api/organizations/1/invite')[0]?.body).toEqual({ email: 'Gast@Example.de', role: 'member' });
  });

  it('lists open invitations for the owner with role, sender, validity, and resends one', async () => {
    const app = setup(undefined, { 'POST /api/organizations/1/invitations/71/resend': () => json({ ok: true, message: 'Einladung erneut versendet' }) });
    const list = await openList();
    const name = within(list).getByRole('listitem', { name: 'neu.ling' });
    expect(name).toHaveTextContent('Mitglied');
    expect(name).toHaveTextContent('von olga');
    expect(name).toHaveTextContent('gültig bis 17.05.2026');
    const address = within(list).getByRole('listitem', { name: 'gast@example.de' });
    expect(address).toHaveTextContent('Abgelaufen');
    expect(address).toHaveTextContent('E-Mail');
    expect(address).toHaveTextContent('abgelaufen am 15.04.2026');
    await app.user.click(within(name).getByRole('button', { name: 'Einladung an neu.ling erneut senden' }));
    await findToast('Einladung erneut versendet');
    expect(callsTo(app.fetchMock, 'POST', '/api/organizations/1/invitations/71/resend')).toHaveLength(1);
  });

  it('shows the refusal of an early resend', async () => {
    const message = 'Diese Einladung wurde gerade erst versendet. Bitte warten Sie 10 Minuten.';
    const app = setup(undefined, { 'POST /api/organizations/1/invitations/71/resend': () => json({ message, code: 'RATE_LIMITED' }, 429) });
    const list = await openList();
    await app.user.click(within(list).getByRole('button', { name: 'Einladung an neu.ling erneut senden' }));
    expect(await findToast('Fehler')).toHaveTextContent(message);
  });

  it('asks before withdrawing, and shows the server refusal in the dialog', async () => {
    let open = openInvitations;
    let refuse = true;
    const app = setup(undefined, {
      'GET /api/organizations/1/invitations': () => json(open),
      'DELETE /api/organizations/1/invitations/72': () => {
        if (refuse) return json({ message: 'Offene Einladung nicht gefunden.', code: 'NOT_FOUND' }, 404);
        open = open.filter((i) => i.id !== 72);
        return json({ ok: true, message: 'Einladung zurückgezogen' });
      },
    });
    const list = await openList();
    await app.user.click(within(list).getByRole('button', { name: 'Einladung an gast@example.de zurückziehen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Einladung zurückziehen?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Offene Einladung nicht gefunden.');
    refuse = false;
    await app.user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));
    await findToast('Einladung zurückgezogen');
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'gast@example.de' })).not.toBeInTheDocument());
  });

  it('offers no list to a plain member', async () => {
    const app = setup([memberOrg]);
    await screen.findByRole('region', { name: memberOrg.name });
    expect(screen.queryByRole('list', { name: 'Offene Einladungen' })).not.toBeInTheDocument();
    expect(callsTo(app.fetchMock, 'GET', '/api/organizations/2/invitations')).toHaveLength(0);
  });
});
