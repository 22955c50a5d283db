import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pendingRows } from '../../../../src/data/outbox';
import { useProtocolView } from '../../../../src/data/protocolHooks';
import { markEnteredInError } from '../../../../src/data/repositories/entryMarks';
import { addTreatmentEntry, recordVitals } from '../../../../src/data/repositories/protocolRecords';
import { localWriteErrorText } from '../../../../src/lib/localWriteErrors';
import { TreatmentEditor } from '../../../../src/features/protocols/treatment/TreatmentEditor';
import { CurrentVitals } from '../../../../src/features/protocols/vitals/CurrentVitals';
import { VitalsTimeline } from '../../../../src/features/protocols/vitals/VitalsTimeline';
import { deviceWithProtocol, renderUi } from '../vitals/vitals.fixtures';

// A wrong entry is marked "irrtümlich" with a reason, offline, and stays visible struck through
// (docs/decisions.md "Every change kept (§ 630f BGB)"): nothing is deleted on the device either.

function LiveProtocol({ id }: { id: string }) {
  const view = useProtocolView(id);
  if (!view) return null;
  return (
    <>
      <CurrentVitals view={view} />
      <VitalsTimeline view={view} editable />
      <TreatmentEditor view={view} editable />
    </>
  );
}

describe('marking an entry "irrtümlich"', () => {
  it('asks for the reason, keeps the measurement struck through with it, queues the mark and leaves the current values', async () => {
    const { db, id } = await deviceWithProtocol();
    await recordVitals(id, [{ parameterType: 'heart_rate', value: '72', unit: '/min' }], '2026-07-04T12:30:00.000Z');
    const wrong = await recordVitals(id, [{ parameterType: 'heart_rate', value: '190', unit: '/min' }], '2026-07-04T12:45:00.000Z');
    const ui = renderUi(<LiveProtocol id={id} />);
    const list = await screen.findByRole('list', { name: 'Messungen, neueste zuerst' });
    expect(within(screen.getByRole('list', { name: 'Letzte Werte je Parameter' })).getByText('190 /min')).toBeInTheDocument();

    await ui.user.click(within(list).getByRole('button', { name: 'Messung vom 04.07.2026 14:45 als irrtümlich markieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eintrag als irrtümlich markieren' });
    await ui.user.click(within(dialog).getByRole('button', { name: 'Als irrtümlich markieren' }));
    expect(await within(dialog).findByText('Bitte geben Sie an, warum der Eintrag irrtümlich ist.')).toBeInTheDocument();

    await ui.user.type(within(dialog).getByLabelText(/Begründung/), 'Messfehler, Sensor verrutscht');
    await ui.user.click(within(dialog).getByRole('button', { name: 'Als irrtümlich markieren' }));
    expect(await within(list).findByText(/Irrtümlich \(.*\): Messfehler, Sensor verrutscht/)).toBeInTheDocument();
    // The value stays, struck through; the current values no longer show it.
    const marked = within(list).getByText('190 /min').closest('div[style*="line-through"]');
    expect(marked).not.toBeNull();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Letzte Werte je Parameter' })).getByText('72 /min')).toBeInTheDocument());
    expect(await db.vitalRecords.get(wrong)).toMatchObject({ values: [{ value: '190' }], enteredInError: { reason: 'Messfehler, Sensor verrutscht' } });
    const rows = (await pendingRows(db)).filter((row) => row.name === 'vitals.markInError');
    expect(rows.map((row) => row.args)).toMatchObject([{ id: wrong, reason: 'Messfehler, Sensor verrutscht' }]);
    expect(Date.parse((rows[0]?.args as { markedAt: string }).markedAt)).not.toBeNaN();
  });

  it('marks a treatment entry; the line stays with its reason and the button is gone', async () => {
    const { db, id } = await deviceWithProtocol();
    const entry = await addTreatmentEntry(id, { time: '14:50', text: 'Sauerstoff 4 l/min', performer: 'helfer1' });
    const ui = renderUi(<LiveProtocol id={id} />);
    const button = await screen.findByRole('button', { name: /Sauerstoff 4 l\/min.* als irrtümlich markieren/ });
    await ui.user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Eintrag als irrtümlich markieren' });
    await ui.user.type(within(dialog).getByLabelText(/Begründung/), 'Falscher Patient');
    await ui.user.click(within(dialog).getByRole('button', { name: 'Als irrtümlich markieren' }));
    expect(await screen.findByText(/Irrtümlich \(.*\): Falscher Patient/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sauerstoff 4 l\/min.* als irrtümlich markieren/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Sauerstoff 4 l\/min/, { selector: '[data-entry-line]' })).toHaveStyle({ textDecoration: 'line-through' });
    expect(await db.treatmentEntries.get(entry)).toMatchObject({ text: 'Sauerstoff 4 l/min', enteredInError: { reason: 'Falscher Patient' } });
  });

  it('refuses offline, in German, what the server would refuse: an unknown entry, a closed protocol; nothing is queued', async () => {
    const { db, id } = await deviceWithProtocol();
    const vital = await recordVitals(id, [{ parameterType: 'heart_rate', value: '72', unit: '/min' }]);
    await db.outbox.clear();
    const refusal = (promise: Promise<unknown>) => promise.then(() => 'gespeichert', localWriteErrorText);
    expect(await refusal(markEnteredInError('vitals', '0190a000-0000-7000-8000-00000000ffff', 'Tippfehler'))).toBe('Eintrag nicht gefunden');
    await db.protocols.update(id, { status: 'discharged' });
    expect(await refusal(markEnteredInError('vitals', vital, 'Tippfehler'))).toBe('Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.vitalRecords.get(vital))?.enteredInError ?? null).toBeNull();
  });
});
