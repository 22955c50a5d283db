import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { draftIds, hasUnsavedForms } from '../../../src/data/drafts/draftStore';
import { draftGone, keptDraft, restoredNotice } from '../../helpers/drafts';
import { DischargeDialog } from '../../../src/features/protocols/edit/DischargeDialog';
import { RichVitalsDialog } from '../../../src/features/protocols/vitals/RichVitalsDialog';
import { SimpleVitalsDialog } from '../../../src/features/protocols/vitals/SimpleVitalsDialog';
import { DiaryPanel } from '../../../src/features/board/DiaryPanel';
import { CustomEntry } from '../../../src/features/protocols/treatment/CustomEntry';
import { deviceWithProtocol, findToast, recordedValues, renderUi, serviceId } from './vitals/vitals.fixtures';

/**
 * docs/decisions.md "Drafts survive a lock": the measurement and discharge dialogs keep what is
 * typed. The lock takes the screen away, which unmounts them; mounting again restores the input,
 * and the dialog asks its page to open it.
 */
describe('Entwurf: Vitalparameter erfassen (Protokollliste)', () => {
  it('bleibt beim Sperren erhalten, öffnet den Dialog wieder und geht beim Abbrechen', async () => {
    const { db, id } = await deviceWithProtocol();
    const first = renderUi(<SimpleVitalsDialog protocolId={id} opened onClose={() => undefined} />);
    const form = await screen.findByRole('dialog', { name: 'Vitalparameter erfassen' });
    await first.user.type(within(form).getByLabelText('Herzfrequenz (/min)'), '92');
    await first.user.type(within(form).getByLabelText('Bemerkungen'), 'Kaltschweißig');
    expect(hasUnsavedForms()).toBe(true);
    first.unmount();
    expect(await keptDraft(db, draftIds.simpleVitals(id))).toMatchObject({ notes: 'Kaltschweißig' });

    const reopen = vi.fn();
    const again = renderUi(<SimpleVitalsDialog protocolId={id} opened onClose={() => undefined} onDraftRestored={reopen} />);
    const restored = await screen.findByRole('dialog', { name: 'Vitalparameter erfassen' });
    await waitFor(() => expect(within(restored).getByLabelText('Herzfrequenz (/min)')).toHaveValue('92'));
    expect(within(restored).getByLabelText('Bemerkungen')).toHaveValue('Kaltschweißig');
    expect(within(restored).getByText(restoredNotice)).toBeInTheDocument();
    expect(reopen).toHaveBeenCalledTimes(1);
    await again.user.click(within(restored).getByRole('button', { name: 'Abbrechen' }));
    await draftGone(db, draftIds.simpleVitals(id));
  });

  it('ist nach dem Speichern fort', async () => {
    const { db, id } = await deviceWithProtocol();
    const ui = renderUi(<SimpleVitalsDialog protocolId={id} opened onClose={() => undefined} />);
    const form = await screen.findByRole('dialog', { name: 'Vitalparameter erfassen' });
    await ui.user.type(within(form).getByLabelText('Herzfrequenz (/min)'), '92');
    await keptDraft(db, draftIds.simpleVitals(id));
    await ui.user.click(within(form).getByRole('button', { name: 'Speichern' }));
    await findToast('Vitalparameter hinzugefügt');
    await draftGone(db, draftIds.simpleVitals(id));
    expect(await recordedValues(db)).toHaveLength(1);
  });
});

/** The timeline's part: the dialog starts closed and opens when its draft asks. */
function ClosedRichVitals({ protocolId }: { protocolId: string }) {
  const [opened, setOpened] = useState(false);
  return <RichVitalsDialog protocolId={protocolId} opened={opened} onClose={() => setOpened(false)} onDraftRestored={() => setOpened(true)} />;
}

describe('Entwurf: Neue Vitalparameter-Messung (Protokollseite)', () => {
  it('wird bei geschlossenem Dialog wiederhergestellt und nach dem Speichern gelöscht', async () => {
    const { db, id } = await deviceWithProtocol();
    const first = renderUi(<RichVitalsDialog protocolId={id} opened onClose={() => undefined} />);
    const form = await screen.findByRole('dialog', { name: 'Neue Vitalparameter-Messung' });
    await first.user.type(within(form).getByLabelText('Herzfrequenz (/min)'), '88');
    first.unmount();
    expect(await keptDraft(db, draftIds.richVitals(id))).toMatchObject({ text: { heart_rate: '88' }, enabled: { heart_rate: true } });

    // The dialog is closed after a reload; the draft comes back into it and asks to open it.
    const again = renderUi(<ClosedRichVitals protocolId={id} />);
    const restored = await screen.findByRole('dialog', { name: 'Neue Vitalparameter-Messung' });
    expect(within(restored).getByLabelText('Herzfrequenz (/min)')).toHaveValue('88');
    expect(within(restored).getByLabelText('Herzfrequenz erfassen')).toBeChecked();
    expect(within(restored).getByText(restoredNotice)).toBeInTheDocument();
    await again.user.click(within(restored).getByText('Speichern'));
    await findToast('Vitalparameter gespeichert');
    await draftGone(db, draftIds.richVitals(id));
  });

  it('geht, wenn der Dialog ohne Speichern geschlossen wird', async () => {
    const { db, id } = await deviceWithProtocol();
    const ui = renderUi(<RichVitalsDialog protocolId={id} opened onClose={() => undefined} />);
    const form = await screen.findByRole('dialog', { name: 'Neue Vitalparameter-Messung' });
    await ui.user.type(within(form).getByLabelText('Herzfrequenz (/min)'), '88');
    await keptDraft(db, draftIds.richVitals(id));
    await ui.user.keyboard('{Escape}');
    await draftGone(db, draftIds.richVitals(id));
  });
});

describe('Entwurf: Patient entlassen (auch Behandlungsverweigerung)', () => {
  it('kommt nach dem Sperren zurück und geht beim Abbrechen', async () => {
    const { db, id } = await deviceWithProtocol();
    const dialog = (reopen?: () => void) => <DischargeDialog protocolId={id} opened onClose={() => undefined} unsavedChanges={false} onDraftRestored={reopen} />;
    const first = renderUi(dialog());
    const form = await screen.findByRole('dialog', { name: 'Patient entlassen' });
    await first.user.click(within(form).getByRole('radio', { name: 'Stabil' }));
    await first.user.click(within(form).getByRole('radio', { name: 'Behandlung oder Transport verweigert' }));
    await first.user.type(within(form).getByRole('textbox', { name: /^Verbleib/ }), 'Geht selbst nach Hause');
    await first.user.type(within(form).getByRole('textbox', { name: 'Kommentar' }), 'Über Risiken aufgeklärt');
    first.unmount();
    expect(await keptDraft(db, draftIds.discharge(id))).toMatchObject({ dischargeOutcome: 'refused', dischargeComment: 'Über Risiken aufgeklärt' });

    const reopen = vi.fn();
    const again = renderUi(dialog(reopen));
    const restored = await screen.findByRole('dialog', { name: 'Patient entlassen' });
    await waitFor(() => expect(within(restored).getByRole('textbox', { name: /^Verbleib/ })).toHaveValue('Geht selbst nach Hause'));
    expect(within(restored).getByRole('radio', { name: 'Behandlung oder Transport verweigert' })).toBeChecked();
    expect(within(restored).getByRole('radio', { name: 'Stabil' })).toBeChecked();
    expect(reopen).toHaveBeenCalledTimes(1);
    await again.user.click(within(restored).getByRole('button', { name: 'Abbrechen' }));
    await draftGone(db, draftIds.discharge(id));
  });
});

describe('Entwurf: Eigene Maßnahme (Reiter Behandlung)', () => {
  it('kommt zurück, wenn der Reiter wieder erscheint, und geht mit dem Hinzufügen', async () => {
    const { db, id } = await deviceWithProtocol();
    const onAdd = vi.fn(() => Promise.resolve(true));
    const first = renderUi(<CustomEntry protocolId={id} onAdd={onAdd} />);
    const text = 'Kühlung des Unterarms mit Coolpack';
    await first.user.type(screen.getByRole('textbox', { name: /Maßnahme/ }), text);
    first.unmount();
    expect(await keptDraft(db, draftIds.customTreatment(id))).toBe(text);

    const again = renderUi(<CustomEntry protocolId={id} onAdd={onAdd} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Maßnahme/ })).toHaveValue(text));
    await again.user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(onAdd).toHaveBeenCalledWith(text);
    await draftGone(db, draftIds.customTreatment(id));
  });
});

describe('Entwurf: Einsatztagebuch auf dem Lagebild', () => {
  // The growing text field listens for loaded fonts, which jsdom does not have.
  beforeAll(() => {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
  });

  it('ein halb getippter Eintrag kommt zurück und geht mit dem Hinzufügen', async () => {
    const { db } = await deviceWithProtocol();
    const first = renderUi(<DiaryPanel serviceId={serviceId} items={[]} wall={false} canWrite />);
    const entry = '14:05 RTW 1 zur Bühne nachgefordert';
    await first.user.type(screen.getByRole('textbox', { name: /Neuer Tagebucheintrag/ }), entry);
    first.unmount();
    expect(await keptDraft(db, draftIds.diary(serviceId))).toBe(entry);

    const again = renderUi(<DiaryPanel serviceId={serviceId} items={[]} wall={false} canWrite />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Neuer Tagebucheintrag/ })).toHaveValue(entry));
    expect(screen.getByText(restoredNotice)).toBeInTheDocument();
    await again.user.click(screen.getByRole('button', { name: 'Eintrag hinzufügen' }));
    await draftGone(db, draftIds.diary(serviceId));
    expect(await db.diaryEntries.count()).toBe(1);
  });
});
