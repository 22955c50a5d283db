import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { org, renderSignedIn, seed } from './services.fixtures';
import { findDialogError, findToast } from '../../helpers/render';

const nextYear = new Date().getFullYear() + 1;

async function openDialog(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Sanitätsdienst erstellen' }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: 'Sanitätsdienst erstellen' });
}

async function fill(user: UserEvent, dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = within(dialog).getByLabelText(new RegExp(`^${label}`));
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const complete = {
  Name: 'Sommerfest',
  Beschreibung: 'Zwei Sanitätsteams',
  Ort: 'Festplatz',
  // Typed as on a German tablet: TT.MM.JJJJ, the hours then the minutes.
  Startdatum: `01.07.${nextYear}`,
  Startzeit: '1000',
  Enddatum: `01.07.${nextYear}`,
  Endzeit: '1830',
};

describe('/services create dialog', () => {
  it('shows the spec messages for empty fields and an end before the start', async () => {
    await seed([org(1, 'owner'), org(2, 'admin')]);
    const { user } = renderSignedIn('/services');
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    for (const message of [
      'Name muss mindestens 3 Zeichen lang sein',
      'Bitte geben Sie den Ort des Sanitätsdienstes an',
      'Startdatum ist erforderlich',
      'Startzeit ist erforderlich',
      'Enddatum ist erforderlich',
      'Endzeit ist erforderlich',
      'Bitte wählen Sie eine Organisation aus',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    await fill(user, dialog, { ...complete, Endzeit: '0900' });
    await user.selectOptions(within(dialog).getByLabelText(/^Organisation/), 'Organisation 2');
    await user.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    expect(await within(dialog).findByText('Das Enddatum muss nach dem Startdatum liegen')).toBeInTheDocument();
    expect(within(dialog).queryByText('Name muss mindestens 3 Zeichen lang sein')).not.toBeInTheDocument();
  });

  it('offers only organisations the user owns or administers and that are not blocked', async () => {
    await seed([org(1, 'owner', { name: 'DRK Nord' }), org(2, 'admin', { name: 'ASB Süd' }), org(3, 'member', { name: 'JUH West' }), org(4, 'owner', { name: 'Gesperrt e. V.', isBlocked: true })]);
    const { user } = renderSignedIn('/services');
    const dialog = await openDialog(user);
    const options = within(within(dialog).getByLabelText(/^Organisation/)).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Organisation auswählen', 'ASB Süd', 'DRK Nord']);
  });

  it('opens with ?orgId=…&action=new, saves in Berlin time on the device and lists the service as pending', async () => {
    const db = await seed([org(1, 'owner'), org(2, 'admin', { name: 'ASB Süd' })]);
    const { user, router } = renderSignedIn('/services?orgId=2&action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Sanitätsdienst erstellen' });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Organisation/)).toHaveValue('2'));
    await fill(user, dialog, complete);
    await user.click(within(dialog).getByRole('button', { name: 'Erstellen' }));

    const toast = await findToast('Sanitätsdienst erstellt');
    expect(toast).toHaveTextContent('„Sommerfest“ wurde gespeichert.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The dialog's parameters are gone; the list shows the tab of the new service.
    await waitFor(() => expect(router.state.location.search).toBe('?tab=planned'));
    const row = within(await screen.findByRole('table', { name: 'Geplante' })).getByRole('row', { name: /Sommerfest/ });
    expect(within(row).getByText(`01.07.${nextYear} 10:00 – 01.07.${nextYear} 18:30`)).toBeInTheDocument();
    expect(within(row).getByText('Nicht synchronisiert')).toBeInTheDocument();

    const [stored] = await db.services.toArray();
    expect(stored).toMatchObject({
      name: 'Sommerfest',
      description: 'Zwei Sanitätsteams',
      location: 'Festplatz',
      organizationId: 2,
      organizationName: 'ASB Süd',
      startDate: `${nextYear}-07-01T08:00:00.000Z`,
      endDate: `${nextYear}-07-01T16:30:00.000Z`,
    });
    const outbox = await db.outbox.toArray();
    expect(outbox.map((r) => r.name)).toEqual(['service.create']);
    expect(outbox[0]?.entityId).toBe(stored?.id);
  });

  it('keeps the input when the save fails and says why', async () => {
    const db = await seed([org(1, 'owner', { name: 'DRK Nord' })]);
    const { user } = renderSignedIn('/services?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Sanitätsdienst erstellen' });
    // The only organisation is preselected.
    await waitFor(() => expect(within(dialog).getByLabelText(/^Organisation/)).toHaveValue('1'));
    await fill(user, dialog, complete);
    // A pull removed the organisation from this device meanwhile (e.g. the user was removed).
    await db.organizations.clear();
    await user.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    const toast = await findDialogError(dialog, 'Fehler');
    expect(toast).toHaveTextContent(
      'Fehler beim Erstellen des Sanitätsdienstes: Diese Organisation ist auf diesem Gerät nicht verfügbar. Bitte synchronisieren Sie zuerst.',
    );
    expect(screen.getByRole('dialog', { name: 'Sanitätsdienst erstellen' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Sommerfest');
    expect(within(dialog).getByLabelText(/^Startdatum/)).toHaveValue(`01.07.${nextYear}`);
    // The time field: hours, then minutes.
    expect(within(dialog).getByLabelText(/^Endzeit/)).toHaveValue('18');
    expect(within(dialog).getByLabelText('Minuten (Endzeit)')).toHaveValue('30');
    expect(await db.services.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
