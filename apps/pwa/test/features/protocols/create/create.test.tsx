import { healthInsurers, privateHealthInsurers, statutoryHealthInsurers } from '@sanidok/schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSignedIn, runningService, seedSignedIn, serviceId, uuid } from '../../minorTreatments/minorTreatments.fixtures';
import { findDialogError, findToast } from '../../../helpers/render';
import { outboxRows } from '../list/list.fixtures';

const hour = 3_600_000;
const dialog = () => screen.findByRole('dialog', { name: 'Patientenprotokoll erstellen' });

describe('dialog Patientenprotokoll erstellen', () => {
  it('opens on /patient-protocols/new, offers only services open for entries and shows the messages of docs/spec/services.md §5', async () => {
    await seedSignedIn([
      runningService(),
      runningService(uuid(2), { name: 'Altstadtlauf' }),
      runningService(uuid(3), { name: 'Geplanter Dienst', startDate: new Date(Date.now() + 24 * hour).toISOString(), endDate: new Date(Date.now() + 30 * hour).toISOString() }),
      runningService(uuid(4), { name: 'Gesperrter Dienst', isBlocked: true }),
      runningService(uuid(5), { name: 'Archivierter Dienst', status: 'archived' }),
    ]);
    const app = renderSignedIn('/patient-protocols/new');
    const form = await dialog();
    const select = within(form).getByRole('combobox', { name: 'Sanitätsdienst' });
    expect(select).toHaveAttribute('placeholder', 'Sanitätsdienst auswählen');
    await app.user.click(select);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Altstadtlauf', 'Schützenfest Großhöchstädt']);
    await app.user.keyboard('{Escape}');

    await app.user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await within(form).findByText('Bitte wählen Sie einen Sanitätsdienst aus')).toBeInTheDocument();
    expect(within(form).getByText('Vorname ist erforderlich')).toBeInTheDocument();
    expect(within(form).getByText('Nachname ist erforderlich')).toBeInTheDocument();
    for (const label of ['Vorname', 'Nachname', 'Geburtsdatum', 'Adresse', 'Telefon', 'Ersteinschätzung', 'Allergien', 'Medikamente', 'Vorerkrankungen', 'Hauptbeschwerde']) {
      expect(within(form).getByLabelText(label, { exact: false })).toBeInTheDocument();
    }
    // German whatever the browser's language.
    expect(within(form).getByLabelText('Geburtsdatum')).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    expect(within(form).getByRole('group', { name: 'Patientendaten' })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'Verwendete Materialien' })).toHaveTextContent('Material hinzufügen');

    // Nothing typed: nothing to lose, so Abbrechen closes without asking and leaves /new.
    await app.user.click(within(form).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.router.state.location.pathname).toBe('/patient-protocols');
  }, 30_000);

  it('asks before throwing the input away; Zurück keeps it, Abbrechen resets form and materials', async () => {
    await seedSignedIn();
    const app = renderSignedIn('/patient-protocols');
    await app.user.click((await screen.findAllByRole('button', { name: 'Neues Protokoll' }))[0] as HTMLElement);
    let form = await dialog();
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Sanitätsdienst' })).toHaveValue('Schützenfest Großhöchstädt'));
    await app.user.type(within(form).getByRole('textbox', { name: 'Vorname' }), 'Erika');
    await app.user.type(within(form).getByRole('textbox', { name: 'Material hinzufügen' }), 'Kühl');
    await app.user.click(await screen.findByRole('option', { name: /Kühlpack/ }));
    expect(within(form).getByRole('list', { name: 'Ausgewählte Materialien' })).toHaveTextContent('Kühlpack');

    await app.user.click(within(form).getByRole('button', { name: 'Abbrechen' }));
    let confirm = await screen.findByRole('dialog', { name: 'Eingabe abbrechen?' });
    expect(confirm).toHaveTextContent('Sind Sie sicher, dass Sie die Eingabe abbrechen möchten? Alle eingegebenen Daten gehen verloren.');
    await app.user.click(within(confirm).getByRole('button', { name: 'Zurück' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Eingabe abbrechen?' })).not.toBeInTheDocument());
    expect(within(form).getByRole('textbox', { name: 'Vorname' })).toHaveValue('Erika');

    await app.user.click(within(form).getByRole('button', { name: 'Abbrechen' }));
    confirm = await screen.findByRole('dialog', { name: 'Eingabe abbrechen?' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await app.user.click(screen.getAllByRole('button', { name: 'Neues Protokoll' })[0] as HTMLElement);
    form = await dialog();
    expect(within(form).getByRole('textbox', { name: 'Vorname' })).toHaveValue('');
    expect(within(form).queryByRole('list', { name: 'Ausgewählte Materialien' })).not.toBeInTheDocument();
  }, 30_000);

  it('saves protocol, patient data, materials and the outbox row on the device, then selects the new protocol', async () => {
    const db = await seedSignedIn();
    const app = renderSignedIn('/patient-protocols/new');
    const form = await dialog();
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Sanitätsdienst' })).toHaveValue('Schützenfest Großhöchstädt'));
    await app.user.type(within(form).getByRole('textbox', { name: 'Vorname' }), 'Erika');
    await app.user.type(within(form).getByRole('textbox', { name: 'Nachname' }), 'Musterfrau');
    fireEvent.change(within(form).getByLabelText('Geburtsdatum'), { target: { value: '1980-02-29' } });
    await app.user.click(within(form).getByRole('combobox', { name: 'Geschlecht' }));
    await app.user.click(await screen.findByRole('option', { name: 'weiblich' }));
    await app.user.type(within(form).getByRole('combobox', { name: 'Versicherungsinformationen' }), 'Techn');
    await app.user.click(await screen.findByRole('option', { name: 'Techniker Krankenkasse (TK)' }));
    await app.user.type(within(form).getByRole('textbox', { name: 'Hauptbeschwerde' }), 'Synkope beim Anstehen');
    await app.user.type(within(form).getByRole('textbox', { name: 'Allergien' }), 'Penicillin');
    await app.user.type(within(form).getByRole('textbox', { name: 'Material hinzufügen' }), 'Rettungs');
    await app.user.click(await screen.findByRole('option', { name: /Rettungsdecke/ }));
    await app.user.click(within(form).getByRole('button', { name: 'Speichern' }));

    const toast = await findToast('Protokoll erstellt');
    expect(toast).toHaveTextContent('Das Patientenprotokoll wurde erfolgreich erstellt.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [protocol] = await db.protocols.toArray();
    expect(protocol).toMatchObject({ serviceId, status: 'active', chiefComplaint: 'Synkope beim Anstehen', allergies: 'Penicillin', initialAssessment: null, serviceProtocolNumber: 0 });
    expect((await db.patientData.get(protocol?.id ?? ''))?.patientData).toEqual({
      firstName: 'Erika', lastName: 'Musterfrau', dateOfBirth: '1980-02-29', gender: 'weiblich', insuranceInfo: 'Techniker Krankenkasse (TK)',
    });
    expect(await db.materialUsage.toArray()).toEqual([expect.objectContaining({ materialId: 4, quantity: 1, source: 'patient_protocol', sourceId: protocol?.id })]);
    const created = await outboxRows(db, 'protocol.create');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ entityId: protocol?.id, status: 'pending' });

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/patient-protocols'));
    expect(app.router.state.location.search).toBe(`?id=${protocol?.id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Patient: Erika Musterfrau' })).toBeInTheDocument();
    const entry = within(screen.getByRole('list', { name: 'Liste der Patientenprotokolle' })).getByRole('listitem', { name: 'Protokoll (vorläufig)' });
    expect(entry).toHaveTextContent('In Behandlung');
    expect(await within(entry).findByText('Nicht übertragen')).toBeInTheDocument();
  }, 30_000);

  it('keeps the input and shows the reason when saving fails', async () => {
    const db = await seedSignedIn();
    const app = renderSignedIn('/patient-protocols/new');
    const form = await dialog();
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Sanitätsdienst' })).toHaveValue('Schützenfest Großhöchstädt'));
    await app.user.type(within(form).getByRole('textbox', { name: 'Vorname' }), 'Erika');
    await app.user.type(within(form).getByRole('textbox', { name: 'Nachname' }), 'Musterfrau');
    // A date in the future, typed: the shared schema refuses it.
    await app.user.type(within(form).getByLabelText('Geburtsdatum'), '01.01.2999');
    await app.user.click(within(form).getByRole('button', { name: 'Speichern' }));

    const toast = await findDialogError(form, 'Fehler');
    expect(toast).toHaveTextContent('Fehler beim Erstellen des Protokolls: Das Geburtsdatum darf nicht in der Zukunft liegen');
    expect(within(form).getByRole('textbox', { name: 'Vorname' })).toHaveValue('Erika');
    expect(within(form).getByRole('button', { name: 'Speichern' })).toBeEnabled();
    expect(await db.protocols.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('insurer list', () => {
  it('holds about 58 statutory and private German insurers, each once', () => {
    expect(healthInsurers).toHaveLength(58);
    expect(new Set(healthInsurers).size).toBe(58);
    expect(statutoryHealthInsurers).toEqual(expect.arrayContaining(['Techniker Krankenkasse (TK)', 'BARMER', 'DAK-Gesundheit', 'Knappschaft', 'IKK classic', 'AOK Bayern']));
    expect(privateHealthInsurers).toEqual(expect.arrayContaining(['Allianz Private Krankenversicherung', 'Debeka Krankenversicherung', 'DKV Deutsche Krankenversicherung', 'Signal Iduna Krankenversicherung']));
  });

  it('allows free input besides the suggestions', async () => {
    await seedSignedIn();
    const app = renderSignedIn('/patient-protocols/new');
    const form = await dialog();
    const insurance = within(form).getByRole('combobox', { name: 'Versicherungsinformationen' });
    await app.user.type(insurance, 'Auslandskrankenschein');
    await app.user.tab();
    expect(insurance).toHaveValue('Auslandskrankenschein');
  });
});
