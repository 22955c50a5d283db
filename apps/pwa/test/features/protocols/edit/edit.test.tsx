import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast } from '../../../helpers/render';
import { outboxOf, pageHeading, protocolId, renderEditPage, seedEditPage, serviceId } from './edit.fixtures';

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = (name: string) => screen.getByRole('tabpanel', { name });
// The label, with the required mark where there is one ('Telefon' is not 'Telefon Notfallkontakt').
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}\\s*\\*?$`) });

// The page renders the real treatment editor, timeline and print panel: heavy for jsdom on a
// shared two-core machine, hence the longer time limit.
describe('/patient-protocols/{id}', { timeout: 30_000 }, () => {
  it('logs the opening first, then shows sidebar, info and the five tabs', async () => {
    const { db } = await seedEditPage();
    renderEditPage();
    await pageHeading();
    const opened = await outboxOf(db, 'accessLog.record');
    expect(opened.map((r) => r.args)).toEqual([expect.objectContaining({ protocolId, actionType: 'protocol_opened' })]);

    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Patient', 'Befund', 'Behandlung', 'Material', 'Vitalparameter']);
    const sidebar = screen.getByRole('region', { name: 'Protokollübersicht' });
    const actions = screen.getByRole('region', { name: 'Aktionen zum Protokoll' });
    expect(within(actions).getByRole('link', { name: 'Zurück zum Sanitätsdienst' })).toHaveAttribute('href', `/services/${serviceId}`);
    expect(sidebar).toHaveTextContent('Protokoll #3');
    expect(sidebar).toHaveTextContent('Schützenfest Großhöchstädt');
    expect(sidebar).toHaveTextContent('04.07.2026 14:00');
    expect(sidebar).toHaveTextContent('Aktiv');
    expect(within(actions).getByRole('button', { name: 'Patient entlassen' })).toBeInTheDocument();
    // The compact row shows a short label; the full text stays the name (WCAG 2.5.3).
    expect(within(actions).getByRole('button', { name: 'RTW-Übergabe drucken' })).toHaveTextContent('Übergabe drucken');

    expect(screen.getByText('Jürgen Müller')).toBeInTheDocument();
    expect(field('Vorname')).toHaveValue('Jürgen');
    expect(field('Nachname')).toHaveValue('Müller');
    expect(screen.getByLabelText('Geburtsdatum')).toHaveValue('12.04.1980');
    expect(field('Adresse')).toHaveValue('Hauptstraße 5, 12345 Musterstadt');
    for (const label of ['Telefon', 'Versichertennummer', 'Fundort', 'Notfallkontakt', 'Telefon Notfallkontakt']) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: 'Versicherungsinformationen' })).toBeInTheDocument();
  });

  it('offers the insurer list on the Patient tab, as the create dialog does, and saves the choice', async () => {
    const { db } = await seedEditPage();
    const app = renderEditPage();
    await pageHeading();
    const insurance = screen.getByRole('combobox', { name: 'Versicherungsinformationen' });
    await app.user.clear(insurance);
    await app.user.type(insurance, 'Techn');
    await app.user.click(await screen.findByRole('option', { name: 'Techniker Krankenkasse (TK)' }));
    expect(insurance).toHaveValue('Techniker Krankenkasse (TK)');
    await app.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await findToast('Erfolgreich gespeichert')).toBeInTheDocument();
    const [update] = await outboxOf(db, 'protocol.update');
    expect(update?.args).toMatchObject({ patientData: { insuranceInfo: 'Techniker Krankenkasse (TK)' } });
  });

  it('also opens under /patient-protocols/edit/{id}; the access code in ?key= counts only on /patient-protocols/{id} (app/ProtocolRoute.tsx)', async () => {
    await seedEditPage();
    renderEditPage(`/patient-protocols/edit/${protocolId}?key=ABC123`);
    expect(await pageHeading()).toBeInTheDocument();
  });

  it('says on the Patient tab why a device off the team holds no patient data', async () => {
    await seedEditPage({ patientData: null });
    const { user } = renderEditPage();
    await pageHeading();
    await user.click(screen.getByRole('tab', { name: 'Patient' }));
    expect(await screen.findByText(/Sie erreichen nur die Geräte des Teams dieses Sanitätsdienstes, bis 24 Stunden nach seinem geplanten Ende/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Vorname/ })).not.toBeInTheDocument();
  });

  it("says 'Das Protokoll konnte nicht geladen werden.' for an unknown protocol and leads to the start page", async () => {
    await seedEditPage();
    const app = renderEditPage('/patient-protocols/01900000-0000-7000-8000-0000000000ff');
    expect(await screen.findByText('Das Protokoll konnte nicht geladen werden.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Zur Startseite' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard'));
  });

  it("saves all tabs with one 'Speichern': one protocol.update with only the changed fields", async () => {
    const { db } = await seedEditPage();
    const app = renderEditPage();
    await pageHeading();
    const lastName = field('Nachname');
    await app.user.clear(lastName);
    await app.user.type(lastName, 'Maier');
    await app.user.type(field('Fundort'), 'Zelt');
    await app.user.click(tab('Befund'));
    const findings = panel('Befund');
    // The incident time's visible field carries no name (its value travels in a hidden input).
    expect(within(findings).getAllByRole('textbox').map((input) => input.getAttribute('name') ?? input.getAttribute('placeholder'))).toEqual([
      'TT.MM.JJJJ HH:MM', 'initialAssessment', 'chiefComplaint', 'symptoms', 'allergies', 'medications', 'pastHistory', 'handlingInstructions',
    ]);
    for (const label of ['Zeitpunkt des Ereignisses', 'Ersteinschätzung', 'Hauptbeschwerde', 'Symptome', 'Allergien', 'Medikamente', 'Vorerkrankungen', 'Handlungsanweisungen']) {
      expect(within(findings).getByText(label)).toBeInTheDocument();
    }
    const allergies = within(findings).getByRole('textbox', { name: 'Allergien' });
    await app.user.clear(allergies);
    await app.user.type(allergies, 'Nüsse');
    await app.user.click(tab('Behandlung'));
    const helper2 = await screen.findByRole('textbox', { name: 'Helfer 2' });
    await app.user.clear(helper2);
    await app.user.type(helper2, 'Paul');

    await app.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await findToast('Erfolgreich gespeichert')).toBeInTheDocument();
    const [update, ...more] = await outboxOf(db, 'protocol.update');
    expect(more).toEqual([]);
    expect(update?.args).toEqual({
      id: protocolId, baseVersion: 5, updatedAt: expect.any(String) as string, allergies: 'Nüsse', helper2: 'Paul',
      patientData: { lastName: 'Maier', location: 'Zelt' }, patientDataBaseVersion: 31,
    });
    // The device shows the saved values at once.
    expect((await db.patientData.get(protocolId))?.patientData).toMatchObject({ lastName: 'Maier', location: 'Zelt' });
    expect((await db.protocols.get(protocolId))?.allergies).toBe('Nüsse');
  });

  it('captures emergency contact, symptoms and incident time (German wall time → instant) in the one protocol.update', async () => {
    const { db } = await seedEditPage();
    const app = renderEditPage();
    await pageHeading();
    await app.user.type(field('Notfallkontakt'), 'Erna Müller (Ehefrau)');
    await app.user.type(field('Telefon Notfallkontakt'), '+49 171 5550123');
    await app.user.click(tab('Befund'));
    // Winter time in Berlin: 21:40 on the medic's clock is 20:40 UTC.
    // Typed the German way, whatever the browser's language.
    await app.user.type(within(panel('Befund')).getByLabelText('Zeitpunkt des Ereignisses'), '17.01.2026 21:40');
    await app.user.type(within(panel('Befund')).getByRole('textbox', { name: 'Symptome' }), 'Schwindel');
    await app.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await findToast('Erfolgreich gespeichert')).toBeInTheDocument();
    const [update, ...more] = await outboxOf(db, 'protocol.update');
    expect(more).toEqual([]);
    expect(update?.args).toEqual({
      id: protocolId, baseVersion: 5, updatedAt: expect.any(String) as string, symptoms: 'Schwindel', incidentTime: '2026-01-17T20:40:00.000Z',
      patientData: { emergencyContact: 'Erna Müller (Ehefrau)', emergencyContactPhone: '+49 171 5550123' }, patientDataBaseVersion: 31,
    });
    expect(await db.protocols.get(protocolId)).toMatchObject({ symptoms: 'Schwindel', incidentTime: '2026-01-17T20:40:00.000Z' });
    // Saving again without a change queues nothing: the field shows the stored instant as wall time.
    expect(within(panel('Befund')).getByLabelText('Zeitpunkt des Ereignisses')).toHaveValue('17.01.2026 21:40');
    await app.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await findToast('Keine Änderungen')).toBeInTheDocument();
    expect(await outboxOf(db, 'protocol.update')).toHaveLength(1);
  });

  it('refuses an incident time in the future and a phone number of words, at their fields, and queues nothing', async () => {
    const { db } = await seedEditPage();
    const app = renderEditPage();
    await pageHeading();
    await app.user.type(field('Telefon Notfallkontakt'), 'bei der Tochter');
    await app.user.click(tab('Befund'));
    fireEvent.change(within(panel('Befund')).getByLabelText('Zeitpunkt des Ereignisses'), { target: { value: '2099-01-01T10:00' } });
    await app.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await findToast('Fehler beim Speichern')).toBeInTheDocument();
    // The first tab with a message opens: Patient.
    expect(await screen.findByText('Bitte geben Sie eine Telefonnummer aus Ziffern, Leerzeichen und + ( ) / - ein')).toBeVisible();
    await app.user.click(tab('Befund'));
    expect(await screen.findByText('Der Zeitpunkt des Ereignisses darf nicht in der Zukunft liegen')).toBeVisible();
    expect(await outboxOf(db, 'protocol.update')).toEqual([]);
  });

  it('shows the name messages on the Patient tab, wherever the medic pressed Speichern, and queues nothing', async () => {
    const { db } = await seedEditPage();
    const app = renderEditPage();
    await pageHeading();
    await app.user.clear(field('Vorname'));
    await app.user.clear(field('Nachname'));
    await app.user.click(tab('Befund'));
    await app.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Vorname ist erforderlich')).toBeVisible();
    expect(screen.getByText('Nachname ist erforderlich')).toBeVisible();
    expect(tab('Patient')).toHaveAttribute('aria-selected', 'true');
    expect(await outboxOf(db, 'protocol.update')).toEqual([]);
  });

  it("keeps the input when saving fails and says 'Fehler beim Speichern' with the reason", async () => {
    const { db } = await seedEditPage();
    const app = renderEditPage();
    await pageHeading();
    await app.user.type(field('Telefon'), '-99');
    // The service was blocked meanwhile (a pull): the device refuses the write as the server would.
    await db.services.update(serviceId, { isBlocked: true });
    await app.user.click(screen.getByRole('button', { name: 'Speichern' }));
    const toast = await findToast('Fehler beim Speichern');
    expect(toast.textContent).toMatch(/gesperrt/);
    expect(field('Telefon')).toHaveValue('0170 1234567-99');
    expect(await outboxOf(db, 'protocol.update')).toEqual([]);
  });

  it('warns before leaving with unsaved changes', async () => {
    await seedEditPage();
    const app = renderEditPage();
    await pageHeading();
    await app.user.type(field('Adresse'), ' (Hinterhaus)');
    await app.user.click(screen.getByRole('link', { name: 'Zurück zum Sanitätsdienst' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Auf der Seite bleiben' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.router.state.location.pathname).toBe(`/patient-protocols/${protocolId}`);
    expect(field('Adresse')).toHaveValue('Hauptstraße 5, 12345 Musterstadt (Hinterhaus)');

    await app.user.click(screen.getByRole('link', { name: 'Zurück zum Sanitätsdienst' }));
    await app.user.click(within(await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' })).getByRole('button', { name: 'Verwerfen und verlassen' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/services/${serviceId}`));
  });

  it('marks a concurrent edit from another device until someone confirms the values', async () => {
    const { db } = await seedEditPage({ protocol: { needsReview: true } });
    const app = renderEditPage();
    await pageHeading();
    const alert = screen.getAllByRole('status').find((element) => element.textContent.includes('Gleichzeitige Änderung'));
    expect(alert).toBeDefined();
    expect(alert).toHaveTextContent('zur gleichen Zeit auf einem anderen Gerät geändert');

    await app.user.click(within(alert as HTMLElement).getByRole('button', { name: 'Angaben geprüft' }));
    await waitFor(() => expect(screen.queryByText('Gleichzeitige Änderung')).not.toBeInTheDocument());
    const [reviewed, ...more] = await outboxOf(db, 'protocol.update');
    expect(more).toEqual([]);
    expect(reviewed?.args).toEqual({ id: protocolId, baseVersion: 5, reviewed: true, updatedAt: expect.any(String) as string });
    expect((await db.protocols.get(protocolId))?.needsReview).toBe(false);
  });

  it('keeps the notice of a discharged protocol, without the button', async () => {
    await seedEditPage({ protocol: { needsReview: true, status: 'discharged', dischargedAt: '2026-07-04T13:00:00.000Z' } });
    renderEditPage();
    await pageHeading();
    expect(screen.getByText('Gleichzeitige Änderung')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Angaben geprüft' })).not.toBeInTheDocument();
  });
});
