import { currentTimeOfDay, quickMeasures } from '@sanidok/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findToast } from '../../../helpers/render';
import { entryLines, entryRow, protocolId, renderEditor, seedProtocol, treatmentRows } from './treatmentFixtures';

const quickPanel = () => screen.getByRole('tabpanel', { name: 'Schnellmaßnahmen' });
/** Per line of the list: does it carry the 'Nicht übertragen' marker? */
const pendingMarks = () =>
  within(screen.getByRole('list', { name: 'Dokumentierte Maßnahmen' })).getAllByRole('listitem').map((item) => within(item).queryByText('Nicht übertragen') !== null);

describe('treatment editor: list and quick measures', () => {
  it("lists the protocol's entries as '[HH:MM] text (performer)' in order, marking those not yet synced", async () => {
    const db = await seedProtocol({
      entries: [
        entryRow(2, { time: '14:20', text: 'Druckverband angelegt: Arm links', performer: 'custom', performerName: 'Dr. Weiß' }),
        entryRow(1, { time: '14:05', text: 'Patient betreut und beruhigt', performer: 'laienhelfer' }),
      ],
    });
    await db.outbox.add({ seq: 1, mutationId: '01900000-0000-7000-8000-000000000900', name: 'treatmentEntry.add', args: {}, createdAt: '2026-07-04T12:20:00.000Z', entityId: entryRow(2).id, status: 'pending' });
    renderEditor();
    const lines = await entryLines(2);
    expect(lines[0]).toBe('[14:05] Patient betreut und beruhigt (Laienhelfer)');
    expect(lines[1]).toBe('[14:20] Druckverband angelegt: Arm links (Dr. Weiß)');
    await waitFor(() => expect(pendingMarks()).toEqual([false, true]));
    expect(screen.getByText('2 Maßnahmen')).toBeInTheDocument();
  });

  it('documents a quick measure at once with time and performer, as an outbox row', async () => {
    const db = await seedProtocol();
    const { user } = renderEditor();
    expect(await screen.findByText('Noch keine Maßnahmen dokumentiert.')).toBeInTheDocument();
    expect(within(quickPanel()).getAllByRole('button').map((b) => b.textContent)).toEqual([...quickMeasures]);
    expect(within(quickPanel()).getAllByRole('button')).toHaveLength(21);

    // The protocol's helper names stand beside 'Helfer 1' / 'Helfer 2'.
    expect(screen.getByRole('radio', { name: 'Helfer 1 (Lena Berg)' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Helfer 2 (Max Muster)' }));
    const time = screen.getByRole('textbox', { name: 'Uhrzeit' });
    await user.clear(time);
    await user.type(time, '14:05');
    await user.click(within(quickPanel()).getByRole('button', { name: 'Kühlpack angelegt' }));

    expect(await entryLines(1)).toEqual(['[14:05] Kühlpack angelegt (Helfer 2)']);
    await waitFor(() => expect(pendingMarks()).toEqual([true]));
    const rows = await treatmentRows(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.args).toMatchObject({ protocolId, time: '14:05', text: 'Kühlpack angelegt', performer: 'helfer2', performerName: null });
    expect(await findToast('Maßnahme dokumentiert')).toHaveTextContent('[14:05] Kühlpack angelegt (Helfer 2)');

    // A bounced double tap does not document the measure twice; another measure is taken at once.
    await user.dblClick(within(quickPanel()).getByRole('button', { name: 'Zecke entfernt' }));
    await user.click(within(quickPanel()).getByRole('button', { name: 'Augenspülung durchgeführt' }));
    await entryLines(3);
    expect((await treatmentRows(db)).map((r) => r.args.text)).toEqual(['Kühlpack angelegt', 'Zecke entfernt', 'Augenspülung durchgeführt']);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes the current time when the time field was not touched, and refuses an invalid time', async () => {
    // The clock stands still (only Date is faked), so a minute that turns mid-test does not move the field (CI saw 07:55 vs 07:56).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-08-01T12:34:20.000Z') });
    const db = await seedProtocol();
    const { user } = renderEditor();
    const time = await screen.findByRole('textbox', { name: 'Uhrzeit' });
    const before = currentTimeOfDay();
    expect(time).toHaveValue(before);
    expect(screen.getByRole('button', { name: 'Jetzt' })).toBeDisabled();
    await user.click(within(quickPanel()).getByRole('button', { name: 'Blutzucker gemessen' }));
    await waitFor(async () => expect(await treatmentRows(db)).toHaveLength(1));
    expect((await treatmentRows(db))[0]?.args.time).toBe(before);

    await user.clear(time);
    await user.type(time, '25:00');
    await user.click(within(quickPanel()).getByRole('button', { name: 'Blutdruck gemessen' }));
    expect(await screen.findByText('Bitte geben Sie die Uhrzeit als HH:MM an')).toBeInTheDocument();
    expect(await treatmentRows(db)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Jetzt' }));
    expect(time).toHaveValue(currentTimeOfDay());
    expect(screen.queryByText('Bitte geben Sie die Uhrzeit als HH:MM an')).not.toBeInTheDocument();
  });

  it('needs a name for another person, then writes it with the entry', async () => {
    const db = await seedProtocol();
    const { user } = renderEditor();
    await user.click(await screen.findByRole('radio', { name: 'Andere Person' }));
    await user.click(within(quickPanel()).getByRole('button', { name: 'Kühlpack angelegt' }));
    expect(await screen.findByText('Bitte geben Sie den Namen der durchführenden Person ein')).toBeInTheDocument();
    // The wizard does not open either while the name is missing.
    await user.type(screen.getByRole('searchbox', { name: 'Maßnahme suchen' }), 'Guedel');
    await user.click(within(screen.getByRole('list', { name: 'Suchergebnisse' })).getAllByRole('button')[0] as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await treatmentRows(db)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Name der durchführenden Person' }), '  Dr. Weiß ');
    expect(screen.queryByText('Bitte geben Sie den Namen der durchführenden Person ein')).not.toBeInTheDocument();
    await user.click(within(quickPanel()).getByRole('button', { name: 'Kühlpack angelegt' }));
    const [line] = await entryLines(1);
    expect(line).toMatch(/^\[\d\d:\d\d\] Kühlpack angelegt \(Dr\. Weiß\)/);
    expect((await treatmentRows(db))[0]?.args).toMatchObject({ performer: 'custom', performerName: 'Dr. Weiß' });
  });

  it('refuses an empty custom entry and adds a typed one trimmed', async () => {
    const db = await seedProtocol();
    const { user } = renderEditor();
    await user.click(await screen.findByRole('tab', { name: 'Eigene Maßnahme' }));
    const panel = screen.getByRole('tabpanel', { name: 'Eigene Maßnahme' });
    const field = within(panel).getByRole('textbox', { name: 'Eigene Maßnahme' });
    await user.click(within(panel).getByRole('button', { name: 'Hinzufügen' }));
    expect(await within(panel).findByText('Die Maßnahme darf nicht leer sein')).toBeInTheDocument();
    await user.type(field, '   ');
    await user.click(within(panel).getByRole('button', { name: 'Hinzufügen' }));
    expect(await within(panel).findByText('Die Maßnahme darf nicht leer sein')).toBeInTheDocument();
    expect(await treatmentRows(db)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '  Splitter am Finger entfernt ');
    await user.click(within(panel).getByRole('button', { name: 'Hinzufügen' }));
    await entryLines(1);
    expect((await treatmentRows(db))[0]?.args).toMatchObject({ text: 'Splitter am Finger entfernt', performer: 'helfer1' });
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('shows the German reason when the entry cannot be stored, keeping the typed text', async () => {
    const db = await seedProtocol({ service: { status: 'archived' } });
    const { user } = renderEditor();
    await user.click(await screen.findByRole('tab', { name: 'Eigene Maßnahme' }));
    const panel = screen.getByRole('tabpanel', { name: 'Eigene Maßnahme' });
    await user.type(within(panel).getByRole('textbox', { name: 'Eigene Maßnahme' }), 'Wunde versorgt');
    await user.click(within(panel).getByRole('button', { name: 'Hinzufügen' }));
    // An open protocol of an archived service counts as closed, on the device as on the server (packages/schema serviceRules.ts `protocolTakesChanges`).
    expect(await findToast('Fehler beim Speichern')).toHaveTextContent('Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.');
    expect(within(panel).getByRole('textbox', { name: 'Eigene Maßnahme' })).toHaveValue('Wunde versorgt');
    expect(await treatmentRows(db)).toHaveLength(0);
  });

  it('offers nothing to edit when not editable or discharged', async () => {
    await seedProtocol({ protocol: { status: 'discharged' }, entries: [entryRow(1, { text: 'Übergabe an den Rettungsdienst' })] });
    renderEditor(true);
    expect(await entryLines(1)).toEqual(['[14:00] Übergabe an den Rettungsdienst (Helfer 1)']);
    expect(screen.getByText('Dieses Protokoll ist abgeschlossen; es können keine Maßnahmen mehr ergänzt werden.')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
  });

  it('shows only the list when the page is read-only', async () => {
    await seedProtocol({ entries: [entryRow(1)] });
    renderEditor(false);
    await entryLines(1);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});
