import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSignedIn, seedSignedIn, uuid } from '../../minorTreatments/minorTreatments.fixtures';
import { maxMustermann, outboxRows, protocolRow, putProtocol, vitalRecord } from './list.fixtures';

const list = () => screen.findByRole('list', { name: 'Liste der Patientenprotokolle' });
const card = () => screen.findByRole('region', { name: 'Protokolldetails' });

describe('/patient-protocols', () => {
  it('shows the empty state and asks to choose a protocol', async () => {
    await seedSignedIn();
    renderSignedIn('/patient-protocols');
    expect(await screen.findByRole('heading', { level: 1, name: 'Patientenprotokolle' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Protokolle' })).toBeInTheDocument();
    expect(screen.getByText('Keine Protokolle')).toBeInTheDocument();
    expect(screen.getByText('Es wurden noch keine Patientenprotokolle erstellt.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Neues Protokoll' })).toHaveLength(2);
    expect(screen.getByText('Wählen Sie ein Protokoll aus')).toBeInTheDocument();
  });

  it('lists number, service, time and status; Bearbeiten only while active; marks unsent protocols', async () => {
    const db = await seedSignedIn();
    await putProtocol(db, protocolRow(uuid(1), { serviceProtocolNumber: 3, createdAt: '2026-07-04T12:30:00.000Z' }));
    await putProtocol(db, protocolRow(uuid(2), { serviceProtocolNumber: 2, status: 'discharged', createdAt: '2026-07-04T11:00:00.000Z' }), null);
    await putProtocol(db, protocolRow(uuid(3), { serviceProtocolNumber: 0, version: 0, createdAt: '2026-07-04T13:15:00.000Z' }));
    await db.outbox.add({ seq: 1, mutationId: uuid(90), name: 'protocol.create', args: {}, createdAt: '2026-07-04T13:15:00.000Z', entityId: uuid(3), status: 'pending' });
    renderSignedIn('/patient-protocols');

    const entries = within(await list()).getAllByRole('listitem');
    expect(entries.map((e) => e.getAttribute('aria-label'))).toEqual(['Protokoll (vorläufig)', 'Protokoll #3', 'Protokoll #2']);
    const [provisional, active, discharged] = entries as [HTMLElement, HTMLElement, HTMLElement];
    expect(await within(provisional).findByText('Nicht übertragen')).toBeInTheDocument();
    expect(active).toHaveTextContent('Schützenfest Großhöchstädt');
    expect(active).toHaveTextContent('04.07.2026 14:30');
    expect(within(active).getByText('In Behandlung')).toBeInTheDocument();
    expect(within(active).getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute('href', `/patient-protocols/${uuid(1)}`);
    expect(within(active).queryByText('Nicht übertragen')).not.toBeInTheDocument();
    expect(within(discharged).getByText('Entlassen')).toBeInTheDocument();
    expect(within(discharged).getByText('Abgeschlossen')).toBeInTheDocument();
    expect(within(discharged).queryByRole('link', { name: 'Bearbeiten' })).not.toBeInTheDocument();
    expect(screen.getByText('3 Protokolle')).toBeInTheDocument();
  });

  it('logs the opening before showing the detail; the Patient tab shows fallbacks for empty fields', async () => {
    const db = await seedSignedIn();
    await putProtocol(db, protocolRow(uuid(1), { serviceProtocolNumber: 4, allergies: 'Penicillin', chiefComplaint: null }), {
      firstName: 'Erika', lastName: 'Musterfrau', dateOfBirth: '1980-02-29', gender: 'weiblich', insuranceInfo: 'BARMER',
    });
    const app = renderSignedIn('/patient-protocols');

    const entry = within(await list()).getByRole('listitem', { name: 'Protokoll #4' });
    await app.user.click(within(entry).getByRole('button', { name: /Protokoll #4/ }));
    const detail = await card();
    expect(within(entry).getByRole('button', { name: /Protokoll #4/ })).toHaveAttribute('aria-current', 'true');
    expect(app.router.state.location.search).toBe(`?id=${uuid(1)}`);
    expect((await outboxRows(db, 'accessLog.record')).map((r) => r.args)).toEqual([expect.objectContaining({ protocolId: uuid(1), actionType: 'protocol_opened' })]);

    expect(within(detail).getByRole('heading', { level: 2, name: 'Patient: Erika Musterfrau' })).toBeInTheDocument();
    expect(detail).toHaveTextContent('Erstellt am: 04.07.2026 14:30');
    expect(detail).toHaveTextContent('Status:Aktiv');
    const fields = Object.fromEntries(within(detail).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(fields).toEqual({
      Vorname: 'Erika', Nachname: 'Musterfrau', Geburtsdatum: '29.02.1980', Geschlecht: 'weiblich', Adresse: '-', Telefon: '-', Versicherungsinformationen: 'BARMER',
    });
    for (const [section, text] of [['Ersteinschätzung', 'Keine Angabe'], ['Allergien', 'Penicillin'], ['Medikamente', 'nicht erhoben'], ['Vorerkrankungen', 'nicht erhoben'], ['Hauptbeschwerde', 'Keine Angabe']]) {
      const control = within(detail).getByRole('button', { name: section as string });
      expect(control).toHaveAttribute('aria-expanded', 'true');
      expect(document.getElementById(control.getAttribute('aria-controls') ?? '')).toHaveTextContent(text as string);
    }
    expect(within(detail).getByRole('button', { name: 'Vitalparameter' })).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute('href', `/patient-protocols/${uuid(1)}`);
    expect(within(detail).getByRole('button', { name: 'RTW-Übergabe drucken' })).toBeInTheDocument();
  });

  it('shows one summary line per measurement, and the empty state without any', async () => {
    const db = await seedSignedIn();
    await putProtocol(db, protocolRow(uuid(1), { serviceProtocolNumber: 1 }));
    await putProtocol(db, protocolRow(uuid(2), { serviceProtocolNumber: 2 }));
    await db.vitalRecords.bulkPut([
      vitalRecord(uuid(11), uuid(2), '2026-07-04T12:40:00.000Z', [
        { id: `${uuid(11)}:0`, parameterType: 'blood_pressure', value: '120/80', unit: 'mmHg' },
        { id: `${uuid(11)}:1`, parameterType: 'heart_rate', value: '88', unit: '/min' },
      ]),
      vitalRecord(uuid(12), uuid(2), '2026-07-04T13:05:00.000Z', [{ id: `${uuid(12)}:0`, parameterType: 'gcs', value: '15', unit: null }]),
    ]);
    const app = renderSignedIn(`/patient-protocols?id=${uuid(1)}`);

    let detail = await card();
    await app.user.click(within(detail).getByRole('tab', { name: 'Vitalparameter' }));
    expect(await within(detail).findByText('Keine Vitalparameter')).toBeInTheDocument();
    expect(within(detail).getByText('Es wurden noch keine Vitalparameter für diesen Patienten erfasst.')).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Vitalparameter erfassen' })).toBeInTheDocument();

    await app.user.click(within(within(await list()).getByRole('listitem', { name: 'Protokoll #2' })).getByRole('button', { name: /Protokoll #2/ }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Patient: Max Mustermann' })).toBeInTheDocument());
    detail = await card();
    await app.user.click(within(detail).getByRole('tab', { name: 'Vitalparameter' }));
    const table = await within(detail).findByRole('table', { name: 'Vitalparameter des Patienten' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Zeitpunkt', 'Parameter']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('04.07.2026 15:05');
    expect(rows[0]).toHaveTextContent('GCS 15');
    expect(rows[1]).toHaveTextContent('04.07.2026 14:40');
    expect(rows[1]).toHaveTextContent(/120\/80 mmHg · .*88 \/min/);
    await app.user.click(within(detail).getByRole('button', { name: 'Neu erfassen' }));
    expect(await screen.findByRole('dialog', { name: 'Vitalparameter erfassen' })).toBeInTheDocument();
  }, 30_000);

  it('shows no patient data after discharge, even before the server confirmed it', async () => {
    const db = await seedSignedIn();
    await putProtocol(db, protocolRow(uuid(1), { serviceProtocolNumber: 5, status: 'discharged', allergies: 'Keine Allergien bekannt' }), maxMustermann);
    renderSignedIn(`/patient-protocols?id=${uuid(1)}`);
    const detail = await card();
    expect(detail).toHaveTextContent('Patientendaten wurden nach der Entlassung verschlüsselt archiviert.');
    expect(detail).not.toHaveTextContent('Mustermann');
    expect(within(detail).queryByRole('term')).not.toBeInTheDocument();
    expect(within(detail).getByRole('heading', { level: 2, name: 'Patient: -' })).toBeInTheDocument();
    expect(detail).toHaveTextContent('Status:Entlassen');
    expect(within(detail).queryByRole('button', { name: 'Vitalparameter' })).not.toBeInTheDocument();
    expect(detail).toHaveTextContent('Keine Allergien bekannt');
  });

  it('says so when the chosen protocol is not on the device', async () => {
    await seedSignedIn();
    renderSignedIn(`/patient-protocols?id=${uuid(77)}`);
    expect(await screen.findByText('Protokoll konnte nicht geladen werden.')).toBeInTheDocument();
  });

  it('pages through 2,000 protocols, 50 at a time, newest first', async () => {
    const db = await seedSignedIn();
    const base = Date.parse('2026-07-04T08:00:00.000Z');
    await db.protocols.bulkPut(Array.from({ length: 2000 }, (_, i) => protocolRow(uuid(i + 1), { serviceProtocolNumber: i + 1, createdAt: new Date(base + i * 60_000).toISOString() })));
    const app = renderSignedIn('/patient-protocols');
    const entries = within(await list()).getAllByRole('listitem');
    expect(entries).toHaveLength(50);
    expect(entries[0]).toHaveAccessibleName('Protokoll #2000');
    expect(screen.getByText('2000 Protokolle')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Seiten der Protokollliste' });
    await app.user.click(within(pager).getByRole('button', { name: '40' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Liste der Patientenprotokolle' })).getAllByRole('listitem').at(-1)).toHaveAccessibleName('Protokoll #1'));
  });
});

describe('protocol routes', () => {
  it.each(['/patient-protocols/edit', '/patient-protocols'])('%s/{id} opens the protocol edit page', async (prefix) => {
    await seedSignedIn();
    renderSignedIn(`${prefix}/${uuid(77)}`);
    expect(await screen.findByText('Das Protokoll konnte nicht geladen werden.')).toBeInTheDocument();
  });

  it('/services/{serviceId}/patients/{id}/edit leads to the protocol edit page, replacing the history entry', async () => {
    await seedSignedIn();
    const app = renderSignedIn(`/services/${uuid(1)}/patients/${uuid(5)}/edit`);
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/patient-protocols/${uuid(5)}`));
    expect(app.router.state.historyAction).toBe('REPLACE');
  });
});
