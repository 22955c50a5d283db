import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RichVitalsDialog } from '../../../../src/features/protocols/vitals/RichVitalsDialog';
import { findDialogError } from '../../../helpers/render';
import { deviceWithProtocol, findToast, recordedValues, renderUi } from './vitals.fixtures';

/** A tab by its text (its panel may hold a label with the same text). */
const tab = (form: HTMLElement, name: string) => within(form).getAllByRole('tab').find((element) => element.textContent === name) as HTMLElement;
const dialog = () => screen.findByRole('dialog', { name: 'Neue Vitalparameter-Messung' });

async function openDialog(options: { discharged?: boolean } = {}) {
  const { db, id } = await deviceWithProtocol();
  if (options.discharged) await db.protocols.update(id, { status: 'discharged' });
  const onClose = vi.fn();
  const ui = renderUi(<RichVitalsDialog protocolId={id} opened onClose={onClose} />);
  const form = await dialog();
  return { db, form, onClose, user: ui.user };
}

describe('dialog Neue Vitalparameter-Messung', () => {
  it('typing a value ticks its parameter; unticking leaves it out, which with nothing else means Keine Daten', async () => {
    const { db, form, onClose, user } = await openDialog();
    expect(within(form).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Grundwerte', 'Erweitert', 'Notizen']);
    const heartRate = within(form).getByLabelText('Herzfrequenz (/min)');
    const toggle = within(form).getByLabelText('Herzfrequenz erfassen');
    // No tick before the field opens: the input takes a value at once.
    expect(heartRate).toBeEnabled();
    expect(toggle).not.toBeChecked();
    await user.type(heartRate, '88');
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(heartRate).toHaveValue('88');
    await user.click(within(form).getByText('Speichern'));
    const notice = await findDialogError(form, 'Keine Daten');
    expect(notice).toHaveTextContent('Bitte geben Sie mindestens einen Vitalparameter ein.');
    expect(await recordedValues(db)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(toggle);
    await waitFor(() => expect(heartRate).toHaveFocus());
    await user.click(within(form).getByText('Speichern'));
    const saved = await findToast('Vitalparameter gespeichert');
    expect(saved).toHaveTextContent('Die neue Messung wurde erfolgreich gespeichert.');
    expect(await recordedValues(db)).toEqual([[{ parameterType: 'heart_rate', value: '88', unit: '/min' }]]);
    expect(onClose).toHaveBeenCalledTimes(1);
    // Reset after success: unticked and empty again.
    expect(within(form).getByLabelText('Herzfrequenz erfassen')).not.toBeChecked();
    expect(heartRate).toHaveValue('');
  });

  it('a BP/HR/SpO₂ set takes no tick at all; emptying a field unticks it', async () => {
    const { db, form, user } = await openDialog();
    await user.type(within(form).getByLabelText('Systolisch (mmHg)'), '120');
    await user.type(within(form).getByLabelText('Diastolisch (mmHg)'), '80');
    await user.type(within(form).getByLabelText('Herzfrequenz (/min)'), '90');
    await user.type(within(form).getByLabelText('SpO₂ (%)'), '98');
    await user.type(within(form).getByLabelText('Temperatur (°C)'), '37');
    await user.clear(within(form).getByLabelText('Temperatur (°C)'));
    expect(within(form).getByLabelText('Temperatur erfassen')).not.toBeChecked();
    await user.click(within(form).getByText('Speichern'));
    await findToast('Vitalparameter gespeichert');
    expect(await recordedValues(db)).toEqual([
      [
        { parameterType: 'blood_pressure', value: '120/80', unit: 'mmHg' },
        { parameterType: 'heart_rate', value: '90', unit: '/min' },
        { parameterType: 'oxygen_saturation', value: '98', unit: '%' },
      ],
    ]);
  });

  it('sends blood pressure when one side is there, the other as "-"; decimal comma becomes a point', async () => {
    const { db, form, user } = await openDialog();
    await user.click(within(form).getByLabelText('Blutdruck erfassen'));
    await user.type(within(form).getByLabelText('Diastolisch (mmHg)'), '85');
    await user.click(within(form).getByLabelText('Temperatur erfassen'));
    await user.type(within(form).getByLabelText('Temperatur (°C)'), '38,2');
    await user.click(within(form).getByLabelText('Rekapillarisierung erfassen'));
    await user.selectOptions(within(form).getByLabelText('Rekapillarisierung'), '<2');
    await user.click(within(form).getByText('Speichern'));
    await findToast('Vitalparameter gespeichert');
    expect(await recordedValues(db)).toEqual([
      [
        { parameterType: 'blood_pressure', value: '-/85', unit: 'mmHg' },
        { parameterType: 'temperature', value: '38.2', unit: '°C' },
        { parameterType: 'capillary_refill', value: '<2', unit: 's' },
      ],
    ]);
  });

  it('GCS: Berechnen computes the total only when eyes + verbal + motor is above 0; parts are stored too', async () => {
    const { db, form, user } = await openDialog();
    await user.click(tab(form, 'Erweitert'));
    const calculate = within(form).getByText('Berechnen').closest('button') as HTMLButtonElement;
    await user.click(calculate);
    expect(within(form).getByText('Bitte wählen Sie zuerst mindestens einen GCS-Wert aus.')).toBeInTheDocument();
    expect(within(form).queryByText(/GCS gesamt/)).not.toBeInTheDocument();

    const eyes = within(form).getByLabelText('Augen (1–4)');
    expect(within(eyes).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Nicht erfasst', '4 – Spontanes Augenöffnen', '3 – Augenöffnen auf Ansprache', '2 – Augenöffnen auf Schmerzreiz', '1 – Kein Augenöffnen',
    ]);
    expect(within(within(form).getByLabelText('Motorik (1–6)')).getAllByRole('option')).toHaveLength(7);
    await user.selectOptions(eyes, '3');
    await user.selectOptions(within(form).getByLabelText('Verbal (1–5)'), '4');
    await user.selectOptions(within(form).getByLabelText('Motorik (1–6)'), '6');
    // Not computed before the button is pressed.
    expect(within(form).queryByText(/GCS gesamt/)).not.toBeInTheDocument();
    await user.click(calculate);
    expect(within(form).getByText('GCS gesamt: 13')).toBeInTheDocument();
    // A changed part makes the total stale.
    await user.selectOptions(within(form).getByLabelText('Motorik (1–6)'), '5');
    expect(within(form).queryByText(/GCS gesamt/)).not.toBeInTheDocument();
    await user.click(calculate);
    expect(within(form).getByText('GCS gesamt: 12')).toBeInTheDocument();

    await user.click(within(form).getByText('Speichern'));
    await findToast('Vitalparameter gespeichert');
    expect(await recordedValues(db)).toEqual([
      [
        { parameterType: 'gcs', value: '12', unit: null },
        { parameterType: 'gcs_eyes', value: '3', unit: null },
        { parameterType: 'gcs_verbal', value: '4', unit: null },
        { parameterType: 'gcs_motor', value: '5', unit: null },
      ],
    ]);
  });

  it('pain buttons 0–10 are green 0–3, yellow 4–6, red 7–10; a tap ticks the parameter', async () => {
    const { db, form, user } = await openDialog();
    await user.click(tab(form, 'Erweitert'));
    const pain = Array.from({ length: 11 }, (_, score) => within(form).getByLabelText(`Schmerz ${score}`));
    expect(pain.map((button) => button.getAttribute('data-pain-color'))).toEqual([
      'green', 'green', 'green', 'green', 'yellow', 'yellow', 'yellow', 'red', 'red', 'red', 'red',
    ]);
    expect(pain.map((button) => button.textContent)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    // A tap on a score is enough: it ticks the parameter.
    await user.click(pain[7] as HTMLElement);
    expect(within(form).getByLabelText('Schmerzskala (0–10) erfassen')).toBeChecked();
    expect(pain[7]).toHaveAttribute('aria-pressed', 'true');
    expect(pain[3]).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(form).getByText('Speichern'));
    await findToast('Vitalparameter gespeichert');
    expect(await recordedValues(db)).toEqual([[{ parameterType: 'pain_scale', value: '7', unit: null }]]);
  });

  it('AVPU, pupils, skin findings and notes', async () => {
    const { db, form, user } = await openDialog();
    await user.click(tab(form, 'Erweitert'));
    await user.click(within(form).getByLabelText('AVPU erfassen'));
    await user.selectOptions(within(form).getByLabelText('AVPU'), 'V');
    await user.click(within(form).getByLabelText('Pupillen erfassen'));
    await user.selectOptions(within(form).getByLabelText('Pupille links – Größe'), 'weit');
    await user.selectOptions(within(form).getByLabelText('Lichtreaktion links'), 'träge');
    await user.selectOptions(within(form).getByLabelText('Pupillengleichheit'), 'anisochor');
    await user.click(within(form).getByLabelText('Hautstatus erfassen'));
    await user.click(within(form).getByLabelText('Kalt'));
    await user.click(within(form).getByLabelText('Blass'));
    await user.click(tab(form, 'Notizen'));
    await user.click(within(form).getByLabelText('Notizen erfassen'));
    await user.type(within(form).getByLabelText('Notizen', { selector: 'textarea' }), 'Sturz vom Fahrrad');

    await user.click(within(form).getByText('Speichern'));
    await findToast('Vitalparameter gespeichert');
    expect(await recordedValues(db)).toEqual([
      [
        { parameterType: 'avpu', value: 'V', unit: null },
        { parameterType: 'pupils_left_size', value: 'weit', unit: null },
        { parameterType: 'pupils_left_reaction', value: 'träge', unit: null },
        { parameterType: 'pupils_equality', value: 'anisochor', unit: null },
        { parameterType: 'skin_status', value: 'Blass, Kalt', unit: null },
        { parameterType: 'notes', value: 'Sturz vom Fahrrad', unit: null },
      ],
    ]);
  });

  it('an implausible value: Fehler beim Speichern with the reason, shown at the field, nothing written', async () => {
    const { db, form, user } = await openDialog();
    await user.click(within(form).getByLabelText('Herzfrequenz erfassen'));
    await user.type(within(form).getByLabelText('Herzfrequenz (/min)'), '400');
    await user.click(within(form).getByText('Speichern'));
    const toast = await findDialogError(form, 'Fehler beim Speichern');
    expect(toast).toHaveTextContent('Herzfrequenz muss eine ganze Zahl zwischen 0 und 300 sein');
    expect(within(form).getByLabelText('Herzfrequenz (/min)')).toHaveAccessibleDescription('Herzfrequenz muss eine ganze Zahl zwischen 0 und 300 sein');
    expect(await recordedValues(db)).toEqual([]);
  });

  it('a refused write: Fehler beim Speichern with the message; Zurücksetzen clears the form', async () => {
    const { db, form, onClose, user } = await openDialog({ discharged: true });
    await user.click(within(form).getByLabelText('SpO₂ erfassen'));
    await user.type(within(form).getByLabelText('SpO₂ (%)'), '97');
    await user.click(within(form).getByText('Speichern'));
    const toast = await findDialogError(form, 'Fehler beim Speichern');
    expect(toast).toHaveTextContent('Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.');
    expect(onClose).not.toHaveBeenCalled();
    expect(await recordedValues(db)).toEqual([]);

    await user.click(within(form).getByText('Zurücksetzen'));
    expect(within(form).getByLabelText('SpO₂ erfassen')).not.toBeChecked();
    expect(within(form).getByLabelText('SpO₂ (%)')).toHaveValue('');
  });
});
