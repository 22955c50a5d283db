import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SimpleVitalsDialog } from '../../../../src/features/protocols/vitals/SimpleVitalsDialog';
import { findDialogError } from '../../../helpers/render';
import { deviceWithProtocol, findToast, recordedValues, renderUi } from './vitals.fixtures';

const dialog = () => screen.findByRole('dialog', { name: 'Vitalparameter erfassen' });

describe('dialog Vitalparameter erfassen', () => {
  it('has every field of docs/spec/services.md §2, all optional', async () => {
    const { id } = await deviceWithProtocol();
    renderUi(<SimpleVitalsDialog protocolId={id} opened onClose={() => undefined} />);
    const form = await dialog();
    for (const name of [
      'Blutdruck systolisch (mmHg)', 'Blutdruck diastolisch (mmHg)', 'Herzfrequenz (/min)', 'Atemfrequenz (/min)', 'Sauerstoffsättigung SpO₂ (%)',
      'Temperatur (°C)', 'Blutzucker (mg/dL)', 'GCS (3–15)', 'Schmerzskala (0–10)', 'Bemerkungen',
    ]) {
      expect(within(form).getByRole('textbox', { name })).not.toBeRequired();
    }
    for (const name of ['AVPU', 'Pupillen', 'Hautstatus', 'Rekapillarisierung']) expect(within(form).getByRole('combobox', { name })).toBeInTheDocument();
    const refill = within(form).getByRole('combobox', { name: 'Rekapillarisierung' });
    expect(within(refill).getAllByRole('option').map((o) => o.textContent)).toEqual(['Nicht erfasst', 'unter 2 Sek', '2-3 Sek', 'über 3 Sek']);
    const pupils = within(form).getByRole('combobox', { name: 'Pupillen' });
    expect(within(pupils).getAllByRole('option').map((o) => o.textContent)).toEqual(['Nicht erfasst', 'PERRLA', 'Anisokorie', 'Miosis', 'Mydriasis', 'Träge Reaktion', 'Keine Reaktion']);
  });

  it('shows the schema messages at the fields and writes nothing', async () => {
    const { db, id } = await deviceWithProtocol();
    const ui = renderUi(<SimpleVitalsDialog protocolId={id} opened onClose={() => undefined} />);
    const form = await dialog();
    await ui.user.type(within(form).getByLabelText('GCS (3–15)'), '2');
    await ui.user.type(within(form).getByLabelText('Schmerzskala (0–10)'), '11');
    await ui.user.type(within(form).getByLabelText('Herzfrequenz (/min)'), 'schnell');
    await ui.user.click(within(form).getByRole('button', { name: 'Speichern' }));

    const gcs = within(form).getByLabelText('GCS (3–15)');
    await waitFor(() => expect(gcs).toHaveAttribute('aria-invalid', 'true'));
    expect(gcs).toHaveAccessibleDescription('GCS muss eine ganze Zahl zwischen 3 und 15 sein');
    expect(within(form).getByLabelText('Schmerzskala (0–10)')).toHaveAccessibleDescription('Schmerzskala muss eine ganze Zahl zwischen 0 und 10 sein');
    expect(within(form).getByLabelText('Herzfrequenz (/min)')).toHaveAccessibleDescription('Herzfrequenz muss eine ganze Zahl zwischen 0 und 300 sein');
    // The cursor goes to the first field with a message (the order of the form).
    expect(within(form).getByLabelText('Herzfrequenz (/min)')).toHaveFocus();
    expect(await recordedValues(db)).toEqual([]);

    // Correcting a field removes its message.
    await ui.user.clear(gcs);
    await ui.user.type(gcs, '14');
    expect(gcs).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('without any value shows the Keine Daten notice', async () => {
    const { db, id } = await deviceWithProtocol();
    const ui = renderUi(<SimpleVitalsDialog protocolId={id} opened onClose={() => undefined} />);
    const form = await dialog();
    await ui.user.type(within(form).getByLabelText('Bemerkungen'), '   ');
    await ui.user.click(within(form).getByRole('button', { name: 'Speichern' }));
    const notice = await within(form).findByRole('alert');
    expect(notice).toHaveTextContent('Keine Daten');
    expect(notice).toHaveTextContent('Bitte geben Sie mindestens einen Vitalparameter ein.');
    expect(await recordedValues(db)).toEqual([]);
  });

  it('saves a vitals.record outbox row with the converted values, toasts and resets', async () => {
    const { db, id } = await deviceWithProtocol();
    const onClose = vi.fn();
    const ui = renderUi(<SimpleVitalsDialog protocolId={id} opened onClose={onClose} />);
    const form = await dialog();
    await ui.user.type(within(form).getByLabelText('Blutdruck systolisch (mmHg)'), '135');
    await ui.user.type(within(form).getByLabelText('Herzfrequenz (/min)'), ' 92 ');
    await ui.user.type(within(form).getByLabelText('Temperatur (°C)'), '37,5');
    await ui.user.type(within(form).getByLabelText('GCS (3–15)'), '15');
    await ui.user.selectOptions(within(form).getByLabelText('AVPU'), 'A');
    await ui.user.selectOptions(within(form).getByLabelText('Rekapillarisierung'), 'über 3 Sek');
    await ui.user.selectOptions(within(form).getByLabelText('Hautstatus'), 'Blass');
    await ui.user.type(within(form).getByLabelText('Bemerkungen'), 'Patient ruhig');
    await ui.user.click(within(form).getByRole('button', { name: 'Speichern' }));

    const toast = await findToast('Vitalparameter hinzugefügt');
    expect(toast).toHaveTextContent('Die Vitalparameter wurden erfolgreich erfasst.');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(await recordedValues(db)).toEqual([
      [
        { parameterType: 'blood_pressure', value: '135/-', unit: 'mmHg' },
        { parameterType: 'heart_rate', value: '92', unit: '/min' },
        { parameterType: 'temperature', value: '37.5', unit: '°C' },
        { parameterType: 'gcs', value: '15', unit: null },
        { parameterType: 'avpu', value: 'A', unit: null },
        { parameterType: 'skin_status', value: 'Blass', unit: null },
        { parameterType: 'capillary_refill', value: '>3', unit: 's' },
        { parameterType: 'notes', value: 'Patient ruhig', unit: null },
      ],
    ]);
    expect(within(form).getByLabelText('Blutdruck systolisch (mmHg)')).toHaveValue('');
    expect(within(form).getByLabelText('AVPU')).toHaveValue('');
  });

  it('cancel resets the form', async () => {
    const { id } = await deviceWithProtocol();
    const onClose = vi.fn();
    const ui = renderUi(<SimpleVitalsDialog protocolId={id} opened onClose={onClose} />);
    const form = await dialog();
    await ui.user.type(within(form).getByLabelText('Atemfrequenz (/min)'), '16');
    await ui.user.click(within(form).getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(within(form).getByLabelText('Atemfrequenz (/min)')).toHaveValue('');
  });

  it('a refused write shows Fehler with the reason and keeps the input', async () => {
    const { db, id } = await deviceWithProtocol();
    await db.protocols.update(id, { status: 'discharged' });
    const onClose = vi.fn();
    const ui = renderUi(<SimpleVitalsDialog protocolId={id} opened onClose={onClose} />);
    const form = await dialog();
    await ui.user.type(within(form).getByLabelText('Herzfrequenz (/min)'), '80');
    await ui.user.click(within(form).getByRole('button', { name: 'Speichern' }));
    const toast = await findDialogError(form, 'Fehler');
    expect(toast).toHaveTextContent('Fehler beim Erfassen der Vitalparameter: Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(form).getByLabelText('Herzfrequenz (/min)')).toHaveValue('80');
    expect(await recordedValues(db)).toEqual([]);
  });

  it('offers the last measurement\u2019s parameters first; Tab walks the numbers without a select in between', async () => {
    const { db, id } = await deviceWithProtocol();
    const ui = renderUi(<SimpleVitalsDialog protocolId={id} opened onClose={() => undefined} lastParameters={['blood_pressure', 'avpu', 'heart_rate', 'oxygen_saturation']} />);
    const form = await dialog();
    expect(within(form).getByText('Wie bei der letzten Messung')).toBeInTheDocument();
    const systolic = within(form).getByRole('textbox', { name: 'Blutdruck systolisch (mmHg)' });
    await waitFor(() => expect(systolic).toHaveFocus());
    // A full set typed without touching the screen: value, Tab, value, …
    await ui.user.keyboard('135');
    for (const value of ['85', '92', '97']) {
      await ui.user.tab();
      await ui.user.keyboard(value);
    }
    const typed = ['Blutdruck systolisch (mmHg)', 'Blutdruck diastolisch (mmHg)', 'Herzfrequenz (/min)', 'Sauerstoffsättigung SpO₂ (%)'];
    expect(typed.map((name) => within(form).getByRole<HTMLInputElement>('textbox', { name }).value)).toEqual(['135', '85', '92', '97']);
    expect(typed.map((name) => within(form).getByRole('textbox', { name }).getAttribute('inputmode'))).toEqual(['numeric', 'numeric', 'numeric', 'numeric']);
    expect(within(form).getByRole('textbox', { name: 'Temperatur (°C)' })).toHaveAttribute('inputmode', 'decimal');
    // AVPU of the last set follows the numbers; nothing of the last values is carried over.
    await ui.user.tab();
    expect(within(form).getByRole('combobox', { name: 'AVPU' })).toHaveFocus();
    expect(within(form).getByRole('combobox', { name: 'AVPU' })).toHaveValue('');
    await ui.user.click(within(form).getByRole('button', { name: 'Speichern' }));
    await findToast('Vitalparameter hinzugefügt');
    expect(await recordedValues(db)).toEqual([
      [
        { parameterType: 'blood_pressure', value: '135/85', unit: 'mmHg' },
        { parameterType: 'heart_rate', value: '92', unit: '/min' },
        { parameterType: 'oxygen_saturation', value: '97', unit: '%' },
      ],
    ]);
  });
});
