import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bigCatalogue, renderSignedIn, runningService, seedSignedIn, serviceId, treatmentRow, uuid } from './minorTreatments.fixtures';
import { findDialogError, findToast, urlOf } from '../../helpers/render';

const hour = 3_600_000;
const dialog = () => screen.findByRole('dialog', { name: 'Bagatellbehandlung erfassen' });

describe('/minor-treatments', () => {
  it('says so when nothing was recorded yet', async () => {
    await seedSignedIn();
    renderSignedIn('/minor-treatments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bagatellbehandlungen' })).toBeInTheDocument();
    expect(await screen.findByText('Keine Bagatellbehandlungen')).toBeInTheDocument();
    expect(screen.getByText('Es wurden noch keine Bagatellbehandlungen erfasst.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neue Behandlung' })).toBeInTheDocument();
  });

  it('lists masked names, description, date and service; marks pending rows; Details shows the full entry', async () => {
    const db = await seedSignedIn();
    await db.minorTreatments.bulkPut([
      treatmentRow(uuid(1), { patientName: 'Jürgen von Müller', description: 'Blase an der Ferse', createdAt: '2026-07-04T12:30:00.000Z', date: '2026-07-04T12:30:00.000Z' }),
      treatmentRow(uuid(2), { patientName: 'Al B', description: 'Insektenstich', createdAt: '2026-07-04T10:05:00.000Z', date: '2026-07-04T10:05:00.000Z' }),
    ]);
    // seq far above the device counter: the access event written below takes the next one.
    await db.outbox.add({ seq: 900, mutationId: uuid(90), name: 'minorTreatment.create', args: {}, createdAt: '2026-07-04T12:30:00.000Z', entityId: uuid(1), status: 'pending' });
    const app = renderSignedIn('/minor-treatments');

    const table = await screen.findByRole('table', { name: 'Bagatellbehandlungen' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Patient', 'Beschreibung', 'Datum', 'Sanitätsdienst', 'Aktionen']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Jü**** vo* Mü****');
    expect(rows[0]).toHaveTextContent('Blase an der Ferse');
    expect(rows[0]).toHaveTextContent('04.07.2026 14:30');
    expect(rows[0]).toHaveTextContent('Schützenfest Großhöchstädt');
    expect(within(rows[0] as HTMLElement).getByText('Nicht übertragen')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Al B');
    expect(within(rows[1] as HTMLElement).queryByText('Nicht übertragen')).not.toBeInTheDocument();
    expect(table).not.toHaveTextContent('Jürgen');

    expect((await db.outbox.toArray()).filter((row) => row.name === 'accessLog.record')).toEqual([]);
    await app.user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Details' }));
    const notice = await findToast('Behandlungsdetails');
    // Showing the full name is logged through the outbox (docs/security.md "Access logging").
    const events = (await db.outbox.toArray()).filter((row) => row.name === 'accessLog.record');
    expect(events.map((row) => row.args)).toEqual([
      { id: expect.any(String) as string, actionType: 'minor_treatment_name_viewed', minorTreatmentId: uuid(1), occurredAt: expect.any(String) as string },
    ]);
    expect(notice).toHaveTextContent('Patient: Jürgen von Müller');
    expect(notice).toHaveTextContent('Beschreibung: Blase an der Ferse');
    expect(notice).toHaveTextContent('Behandlungsdatum: 04.07.2026 14:30');
  });

  it('pages through 2,000 treatments, 50 at a time, newest first', async () => {
    const db = await seedSignedIn();
    const base = Date.parse('2026-07-04T08:00:00.000Z');
    await db.minorTreatments.bulkPut(Array.from({ length: 2000 }, (_, i) => treatmentRow(uuid(i + 1), { patientName: `Patient ${i + 1}`, createdAt: new Date(base + i * 60_000).toISOString() })));
    const app = renderSignedIn('/minor-treatments');
    const table = await screen.findByRole('table', { name: 'Bagatellbehandlungen' });
    expect(screen.getByText('2000 Behandlungen')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Pa***** 20**');
    const pager = screen.getByRole('navigation', { name: 'Seiten der Behandlungsliste' });
    await app.user.click(within(pager).getByRole('button', { name: '40' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Bagatellbehandlungen' })).getAllByRole('row').at(-1)).toHaveTextContent('Pa***** 1'));
  });
});

describe('dialog Bagatellbehandlung erfassen', () => {
  it('opens at once on /minor-treatments/new with the only running service chosen and the cursor in the name', async () => {
    await seedSignedIn([
      runningService(),
      runningService(uuid(2), { name: 'Geplanter Dienst', startDate: new Date(Date.now() + 24 * hour).toISOString(), endDate: new Date(Date.now() + 30 * hour).toISOString() }),
      runningService(uuid(3), { name: 'Archivierter Dienst', status: 'archived' }),
      runningService(uuid(4), { name: 'Gesperrter Dienst', isBlocked: true }),
    ]);
    const app = renderSignedIn('/minor-treatments/new');
    const form = await dialog();
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Sanitätsdienst' })).toHaveValue('Schützenfest Großhöchstädt'));
    expect(within(form).getByText('Der Name wird DSGVO-konform gespeichert.')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Patientenname' })).toHaveFocus());
    await app.user.click(within(form).getByRole('combobox', { name: 'Sanitätsdienst' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Schützenfest Großhöchstädt']);

    await app.user.click(within(form).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.router.state.location.pathname).toBe('/minor-treatments');
  });

  it('shows the spec messages, and asks for a service when several run', async () => {
    await seedSignedIn([runningService(), runningService(uuid(2), { name: 'Stadtlauf' })]);
    const app = renderSignedIn('/minor-treatments/new');
    const form = await dialog();
    await app.user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await within(form).findByText('Bitte wählen Sie einen Sanitätsdienst aus')).toBeInTheDocument();
    expect(within(form).getByText('Bitte geben Sie den Namen des Patienten ein')).toBeInTheDocument();
    expect(within(form).getByText('Bitte beschreiben Sie die Behandlung')).toBeInTheDocument();
    expect(within(form).getByText('Wählen Sie zuerst einen Sanitätsdienst aus.')).toBeInTheDocument();
  });

  it('applies the picker rules: ≤ 10 matches, duplicates ignored, text → 1, 0 removes, remove button', async () => {
    await seedSignedIn([runningService()], { materials: bigCatalogue });
    const app = renderSignedIn('/minor-treatments/new');
    const form = await dialog();
    const search = await within(form).findByRole('textbox', { name: 'Material hinzufügen' });
    await app.user.type(search, 'verband');
    // 14 'Verband …' plus 'Wundschnellverband groß' match; only 10 are offered.
    expect(await screen.findAllByRole('option')).toHaveLength(10);
    await app.user.keyboard('{Enter}');
    const chosen = within(form).getByRole('list', { name: 'Ausgewählte Materialien' });
    expect(within(chosen).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Verband 01']);
    expect(within(chosen).getByRole('textbox', { name: 'Menge Verband 01' })).toHaveValue('1');

    // The same material again is ignored.
    await app.user.type(search, 'Verband 01');
    await app.user.click(await screen.findByRole('option', { name: /Verband 01/ }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);

    const quantity = within(chosen).getByRole('textbox', { name: 'Menge Verband 01' });
    await app.user.clear(quantity);
    await app.user.type(quantity, '4');
    expect(quantity).toHaveValue('4');
    await app.user.click(within(chosen).getByRole('button', { name: 'Verband 01: eins mehr' }));
    expect(quantity).toHaveValue('5');
    await app.user.clear(quantity);
    await app.user.type(quantity, 'viel');
    await app.user.tab();
    expect(within(chosen).getByRole('textbox', { name: 'Menge Verband 01' })).toHaveValue('1');

    await app.user.type(search, 'Pflaster{Enter}');
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2);
    const pflaster = within(chosen).getByRole('textbox', { name: 'Menge Pflaster' });
    await app.user.clear(pflaster);
    await app.user.type(pflaster, '0');
    await app.user.tab();
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
    await app.user.click(within(chosen).getByRole('button', { name: 'Verband 01 entfernen' }));
    expect(within(form).queryByRole('list', { name: 'Ausgewählte Materialien' })).not.toBeInTheDocument();
  });

  it('asks once without materials, saves on Fortfahren to the device only, and starts empty again', async () => {
    const db = await seedSignedIn();
    const app = renderSignedIn('/minor-treatments');
    await app.user.click(await screen.findByRole('button', { name: 'Neue Behandlung' }));
    let form = await dialog();
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Patientenname' })).toHaveFocus());
    await app.user.keyboard('Erika Mustermann');
    await app.user.type(within(form).getByRole('textbox', { name: 'Beschreibung' }), 'Beratung, keine Versorgung nötig{Enter}');
    expect(await within(form).findByText('Hinweis: Sie haben keine Materialien ausgewählt. Möchten Sie trotzdem fortfahren?')).toBeInTheDocument();
    expect(await db.minorTreatments.count()).toBe(0);
    await app.user.click(within(form).getByRole('button', { name: 'Fortfahren' }));

    const toast = await findToast('Behandlung erfasst');
    expect(toast).toHaveTextContent('Die Bagatellbehandlung wurde erfolgreich erfasst.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [saved] = await db.minorTreatments.toArray();
    expect(saved).toMatchObject({ patientName: 'Erika Mustermann', description: 'Beratung, keine Versorgung nötig', serviceId, materials: [] });
    expect((await db.outbox.toArray()).map((r) => r.name)).toEqual(['minorTreatment.create']);
    const row = await screen.findByRole('row', { name: /Er\*\*\* Mu\*+/ });
    expect(within(row).getByText('Nicht übertragen')).toBeInTheDocument();
    expect(app.fetchMock.mock.calls.some(([url]) => urlOf(url).includes('/api/minor-treatments'))).toBe(false);

    await app.user.click(screen.getByRole('button', { name: 'Neue Behandlung' }));
    form = await dialog();
    expect(within(form).getByRole('textbox', { name: 'Patientenname' })).toHaveValue('');
    expect(within(form).getByRole('textbox', { name: 'Beschreibung' })).toHaveValue('');
    expect(within(form).queryByText(/Hinweis: Sie haben keine Materialien/)).not.toBeInTheDocument();
  });

  it('saves with materials on Enter, and resets everything on Abbrechen', async () => {
    const db = await seedSignedIn();
    const app = renderSignedIn('/minor-treatments/new');
    let form = await dialog();
    await within(form).findByRole('textbox', { name: 'Material hinzufügen' });
    await app.user.type(within(form).getByRole('textbox', { name: 'Patientenname' }), 'Tom Tester');
    await app.user.type(within(form).getByRole('textbox', { name: 'Beschreibung' }), 'Schnitt Finger');
    await app.user.type(within(form).getByRole('textbox', { name: 'Material hinzufügen' }), 'pfl{Enter}');
    await app.user.click(within(form).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await app.user.click(screen.getByRole('button', { name: 'Neue Behandlung' }));
    form = await dialog();
    expect(within(form).getByRole('textbox', { name: 'Patientenname' })).toHaveValue('');
    expect(within(form).queryByRole('list', { name: 'Ausgewählte Materialien' })).not.toBeInTheDocument();

    await app.user.type(within(form).getByRole('textbox', { name: 'Patientenname' }), 'Tom Tester');
    await app.user.type(within(form).getByRole('textbox', { name: 'Beschreibung' }), 'Schnitt Finger');
    await app.user.type(within(form).getByRole('textbox', { name: 'Material hinzufügen' }), 'pfl{Enter}');
    await app.user.type(within(form).getByRole('textbox', { name: 'Material hinzufügen' }), 'kühl{Enter}');
    // Enter on the empty search saves.
    await app.user.keyboard('{Enter}');
    await findToast('Behandlung erfasst');
    const [saved] = await db.minorTreatments.toArray();
    expect(saved?.materials).toEqual([
      { materialId: 1, name: 'Pflaster', quantity: 1 },
      { materialId: 2, name: 'Kühlpack', quantity: 1 },
    ]);
    expect(await db.materialUsage.count()).toBe(2);
  });

  it('keeps every input and shows Fehler with the reason when the device cannot save', async () => {
    const db = await seedSignedIn();
    const app = renderSignedIn('/minor-treatments/new');
    const form = await dialog();
    await within(form).findByRole('textbox', { name: 'Material hinzufügen' });
    await app.user.type(within(form).getByRole('textbox', { name: 'Patientenname' }), 'Tom Tester');
    await app.user.type(within(form).getByRole('textbox', { name: 'Beschreibung' }), 'Schnitt Finger');
    await app.user.type(within(form).getByRole('textbox', { name: 'Material hinzufügen' }), 'pfl{Enter}');
    // Meanwhile a pull marked the service archived.
    await db.services.update(serviceId, { status: 'archived' });
    await app.user.click(within(form).getByRole('button', { name: 'Speichern' }));
    const toast = await findDialogError(form, 'Fehler');
    expect(toast).toHaveTextContent('Fehler beim Erfassen der Behandlung: Dieser Sanitätsdienst ist archiviert. Es können keine Einträge mehr erfasst werden.');
    expect(within(form).getByRole('textbox', { name: 'Patientenname' })).toHaveValue('Tom Tester');
    expect(within(form).getByRole('textbox', { name: 'Beschreibung' })).toHaveValue('Schnitt Finger');
    expect(within(form).getByRole('textbox', { name: 'Menge Pflaster' })).toHaveValue('1');
    expect(await db.outbox.count()).toBe(0);
  });
});
