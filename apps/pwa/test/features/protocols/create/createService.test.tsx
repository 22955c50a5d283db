import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSignedIn, runningService, seedSignedIn, serviceId, uuid } from '../../minorTreatments/minorTreatments.fixtures';
import { findToast } from '../../../helpers/render';
import { outboxRows, protocolRow, putProtocol } from '../list/list.fixtures';

const tabPath = `/services/${serviceId}?tab=patient-protocols`;

describe('service detail, tab Patientenprotokolle', () => {
  it("lists the service's protocols with number, patient, time and status, each leading to its page", async () => {
    const db = await seedSignedIn([runningService(), runningService(uuid(2), { name: 'Altstadtlauf' })]);
    await putProtocol(db, protocolRow(uuid(11), { serviceProtocolNumber: 1, createdAt: '2026-07-04T10:00:00.000Z' }), { firstName: 'Erika', lastName: 'Musterfrau' });
    await putProtocol(db, protocolRow(uuid(12), { serviceProtocolNumber: 2, status: 'discharged', createdAt: '2026-07-04T11:00:00.000Z' }), null);
    await putProtocol(db, protocolRow(uuid(13), { serviceId: uuid(2), serviceName: 'Altstadtlauf', serviceProtocolNumber: 1 }), { firstName: 'Otto', lastName: 'Andersdienst' });
    renderSignedIn(tabPath);

    const list = await screen.findByRole('list', { name: 'Patientenprotokolle des Sanitätsdienstes' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Protokoll #2', 'Protokoll #1']);
    const [discharged, active] = rows as [HTMLElement, HTMLElement];
    await waitFor(() => expect(active).toHaveTextContent('Erika Musterfrau'));
    expect(active).toHaveTextContent('04.07.2026 12:00');
    expect(active).toHaveTextContent('In Behandlung');
    expect(within(active).getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute('href', `/patient-protocols/${uuid(11)}`);
    expect(discharged).toHaveTextContent('Entlassen');
    expect(discharged).toHaveTextContent('Abgeschlossen');
    expect(discharged).toHaveTextContent('Patientendaten archiviert');
    expect(within(discharged).getByRole('link', { name: 'Öffnen' })).toHaveAttribute('href', `/patient-protocols/${uuid(12)}`);
    expect(list).not.toHaveTextContent('Andersdienst');
  });

  it('logs the opening of the patient list in the outbox before any name shows, once per opening', async () => {
    const db = await seedSignedIn();
    await putProtocol(db, protocolRow(uuid(11), { serviceProtocolNumber: 1 }), { firstName: 'Erika', lastName: 'Musterfrau' });
    renderSignedIn(tabPath);
    const list = await screen.findByRole('list', { name: 'Patientenprotokolle des Sanitätsdienstes' });
    await waitFor(() => expect(list).toHaveTextContent('Erika Musterfrau'));
    const events = (await db.outbox.toArray()).filter((row) => row.name === 'accessLog.record');
    expect(events.map((row) => row.args)).toEqual([
      { id: expect.any(String) as string, actionType: 'patient_list_opened', serviceId, occurredAt: expect.any(String) as string },
    ]);
    expect(events[0]?.status).toBe('pending');
  });

  it('says so when the service has no protocols, and offers no new one on an archived service', async () => {
    await seedSignedIn([runningService(serviceId, { status: 'archived' })]);
    renderSignedIn(tabPath);
    expect(await screen.findByText('Keine Protokolle')).toBeInTheDocument();
    // The team standing is a query of its own, which may answer after the list.
    expect(await screen.findByText('Für diesen Sanitätsdienst können keine Protokolle mehr erstellt werden.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Neues Patientenprotokoll' })).not.toBeInTheDocument();
  });

  it('creates a protocol from basic data and the injury description, then opens its edit page', async () => {
    const db = await seedSignedIn();
    const app = renderSignedIn(tabPath);
    await app.user.click(await screen.findByRole('button', { name: 'Neues Patientenprotokoll' }));
    const form = await screen.findByRole('dialog', { name: 'Neues Patientenprotokoll' });
    expect(form).toHaveTextContent('Basisdaten jetzt, Details später');
    expect(form).toHaveTextContent('Sanitätsdienst: Schützenfest Großhöchstädt');

    await app.user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await within(form).findByText('Vorname ist erforderlich')).toBeInTheDocument();
    expect(within(form).getByText('Nachname ist erforderlich')).toBeInTheDocument();
    expect(await db.protocols.count()).toBe(0);

    await app.user.type(within(form).getByRole('textbox', { name: 'Vorname' }), 'Jan');
    await app.user.type(within(form).getByRole('textbox', { name: 'Nachname' }), 'Kowalski');
    await app.user.type(within(form).getByRole('textbox', { name: 'Verletzung oder Erkrankung' }), 'Schnitt Hand');
    await app.user.click(within(form).getByRole('button', { name: 'Speichern' }));

    expect(await findToast('Protokoll erstellt')).toHaveTextContent('Das Patientenprotokoll wurde erfolgreich erstellt.');
    const [protocol] = await db.protocols.toArray();
    expect(protocol).toMatchObject({ serviceId, chiefComplaint: 'Schnitt Hand', status: 'active' });
    expect((await db.patientData.get(protocol?.id ?? ''))?.patientData).toEqual({ firstName: 'Jan', lastName: 'Kowalski' });
    expect(await outboxRows(db, 'protocol.create')).toHaveLength(1);
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/patient-protocols/${protocol?.id}`));
  }, 30_000);

  it('asks before discarding the short form', async () => {
    await seedSignedIn();
    const app = renderSignedIn(tabPath);
    await app.user.click(await screen.findByRole('button', { name: 'Neues Patientenprotokoll' }));
    const form = await screen.findByRole('dialog', { name: 'Neues Patientenprotokoll' });
    await app.user.type(within(form).getByRole('textbox', { name: 'Vorname' }), 'Jan');
    await app.user.click(within(form).getByRole('button', { name: 'Abbrechen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eingabe abbrechen?' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await app.user.click(screen.getByRole('button', { name: 'Neues Patientenprotokoll' }));
    expect(within(await screen.findByRole('dialog', { name: 'Neues Patientenprotokoll' })).getByRole('textbox', { name: 'Vorname' })).toHaveValue('');
  }, 30_000);
});
