import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { draftIds, loadDraft, saveDraft } from '../../../../src/data/drafts/draftStore';
import { emptyRichVitals } from '../../../../src/features/protocols/vitals/richVitalsForm';
import { findToastTitled, pageHeading, protocolId, renderEditPage, seedEditPage } from './edit.fixtures';

/** docs/decisions.md "Drafts survive a lock": the protocol page finds the drafts of its dialogs. */
const measurementDraft = () => {
  const state = emptyRichVitals();
  return { ...state, text: { ...state.text, heart_rate: '118' }, enabled: { ...state.enabled, heart_rate: true } };
};

describe('Entwürfe auf der Protokollseite', { timeout: 30_000 }, () => {
  it('öffnet den Reiter Vitalparameter und den Dialog einer begonnenen Messung', async () => {
    const { db } = await seedEditPage();
    await saveDraft(db, draftIds.richVitals(protocolId), measurementDraft(), protocolId);
    renderEditPage();
    await pageHeading();
    const dialog = await screen.findByRole('dialog', { name: 'Neue Vitalparameter-Messung' });
    await waitFor(() => expect(within(dialog).getByLabelText('Herzfrequenz (/min)')).toHaveValue('118'));
    expect(screen.getByRole('tab', { name: 'Vitalparameter' })).toHaveAttribute('aria-selected', 'true');
  });

  it('öffnet „Patient entlassen“ mit dem, was getippt war', async () => {
    const { db } = await seedEditPage();
    await saveDraft(db, draftIds.discharge(protocolId), { dischargeStatus: 'stabil', dischargeOutcome: 'refused', dischargeDestination: 'Nach Hause', handoverTo: '', dischargeComment: '' }, protocolId);
    renderEditPage();
    const dialog = await screen.findByRole('dialog', { name: 'Patient entlassen' }, { timeout: 15_000 });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Verbleib/ })).toHaveValue('Nach Hause'));
    expect(within(dialog).getByRole('radio', { name: 'Behandlung oder Transport verweigert' })).toBeChecked();
  });

  it('verwirft die Entwürfe eines inzwischen entlassenen Protokolls und sagt es', async () => {
    const { db } = await seedEditPage({ protocol: { status: 'discharged' } });
    await saveDraft(db, draftIds.richVitals(protocolId), measurementDraft(), protocolId);
    await saveDraft(db, draftIds.discharge(protocolId), { dischargeStatus: 'stabil', dischargeOutcome: 'released', dischargeDestination: 'Nach Hause', handoverTo: 'Ehefrau', dischargeComment: '' }, protocolId);
    renderEditPage();
    await pageHeading();
    const toast = await findToastTitled('Entwurf verworfen');
    expect(toast).toHaveTextContent('Das Protokoll wurde inzwischen abgeschlossen; nicht gespeicherte Eingaben dazu wurden verworfen.');
    await waitFor(async () => expect(await db.drafts.count()).toBe(0));
    expect(await loadDraft(db, draftIds.discharge(protocolId))).toBeUndefined();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
