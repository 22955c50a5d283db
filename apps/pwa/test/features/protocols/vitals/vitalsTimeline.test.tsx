import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProtocolView } from '../../../../src/data/protocolHooks';
import { CurrentVitals } from '../../../../src/features/protocols/vitals/CurrentVitals';
import { VitalsTimeline } from '../../../../src/features/protocols/vitals/VitalsTimeline';
import { deviceWithProtocol, findToast, measurement, renderUi, viewWith } from './vitals.fixtures';

// 12:30Z is 14:30 on the medic's clock (Europe/Berlin, summer time); the patient is an adult.
const course = [
  measurement(1, '2026-07-04T12:30:00.000Z', [['blood_pressure', '120/80', 'mmHg'], ['heart_rate', '72', '/min']]),
  measurement(2, '2026-07-04T12:45:00.000Z', [['blood_pressure', '165/95', 'mmHg'], ['heart_rate', '130', '/min'], ['oxygen_saturation', '93', '%']]),
  measurement(3, '2026-07-04T13:00:00.000Z', [['heart_rate', '95', '/min'], ['gcs', '15'], ['gcs_eyes', '4'], ['notes', 'deutlich ruhiger']]),
];

/** The tinted value element of a shown value. */
const valueBox = (container: HTMLElement, text: string) => within(container).getByText(text).closest<HTMLElement>('[data-severity]');

function LiveTimeline({ id }: { id: string }) {
  const view = useProtocolView(id);
  return view ? <VitalsTimeline view={view} editable /> : null;
}

describe('VitalsTimeline', () => {
  it('empty: Keine Vitalparameter erfasst; Erste Messung hinzufügen opens the rich dialog, whose save shows up at once', async () => {
    const { id } = await deviceWithProtocol();
    const ui = renderUi(<LiveTimeline id={id} />);
    expect(await screen.findByText('Keine Vitalparameter erfasst')).toBeInTheDocument();
    await ui.user.click(screen.getByText('Erste Messung hinzufügen'));
    const form = await screen.findByRole('dialog', { name: 'Neue Vitalparameter-Messung' });
    await ui.user.click(within(form).getByLabelText('Herzfrequenz erfassen'));
    await ui.user.type(within(form).getByLabelText('Herzfrequenz (/min)'), '64');
    await ui.user.click(within(form).getByText('Speichern'));
    await findToast('Vitalparameter gespeichert');
    expect(await screen.findByText('1 Messung vorhanden')).toBeInTheDocument();
    expect(valueBox(screen.getByRole('list', { name: 'Messungen, neueste zuerst' }), '64 /min')).toHaveAttribute('data-severity', 'normal');
    expect(screen.getByText('Neue Messung')).toBeInTheDocument();
  });

  it('read-only (discharged): no buttons', () => {
    renderUi(<VitalsTimeline view={viewWith([])} editable={false} />);
    expect(screen.getByText('Keine Vitalparameter erfasst')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('counts, lists newest first with date and time, colours each value (reading A) with legend and disclaimer', () => {
    renderUi(<VitalsTimeline view={viewWith(course)} editable />);
    expect(screen.getByText('3 Messungen vorhanden')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neue Messung' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Messungen, neueste zuerst' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['04.07.2026 15:00', '04.07.2026 14:45', '04.07.2026 14:30']);

    const latest = items[0] as HTMLElement;
    expect(valueBox(latest, '95 /min')).toHaveAttribute('data-severity', 'abnormal');
    expect(valueBox(latest, '4 (Spontanes Augenöffnen)')).toHaveAttribute('data-severity', 'none');
    expect(latest).toHaveTextContent('Bemerkungen: deutlich ruhiger');
    const second = items[1] as HTMLElement;
    expect(valueBox(second, '130 /min')).toHaveAttribute('data-severity', 'critical');
    expect(valueBox(second, '130 /min')).toHaveTextContent('(kritisch)');
    expect(valueBox(second, '165/95 mmHg')).toHaveAttribute('data-severity', 'critical');
    expect(valueBox(second, '93 %')).toHaveAttribute('data-severity', 'abnormal');
    expect(valueBox(items[2] as HTMLElement, '72 /min')).toHaveAttribute('data-severity', 'normal');

    const legend = screen.getByRole('list', { name: 'Farblegende' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['kritisch', 'abweichend', 'normal']);
    expect(screen.getByText('Die Farbmarkierung ist nur eine grobe Einschätzung. Die medizinische Beurteilung liegt beim Fachpersonal.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says 1 Messung vorhanden for one measurement', () => {
    renderUi(<VitalsTimeline view={viewWith(course.slice(0, 1))} editable />);
    expect(screen.getByText('1 Messung vorhanden')).toBeInTheDocument();
  });

  it('warns without a date of birth and colours nothing', () => {
    renderUi(<VitalsTimeline view={viewWith(course, { firstName: 'Erika', lastName: 'Mustermann' })} editable />);
    expect(screen.getByRole('status')).toHaveTextContent('Kein Geburtsdatum erfasst – die Werte werden nicht farblich bewertet.');
    const boxes = Array.from(document.querySelectorAll('[data-severity]'));
    expect(boxes.length).toBeGreaterThan(5);
    expect(new Set(boxes.map((box) => box.getAttribute('data-severity')))).toEqual(new Set(['none']));
    expect(document.querySelector('[data-band]')).toBeNull();
  });

  it('after discharge (patient data gone) says why nothing is coloured', () => {
    renderUi(<VitalsTimeline view={viewWith(course, null)} editable={false} />);
    expect(screen.getByRole('status')).toHaveTextContent('Die Patientendaten sind auf diesem Gerät nicht mehr verfügbar (nach der Entlassung) – die Werte werden nicht farblich bewertet.');
    expect(valueBox(screen.getByRole('list', { name: 'Messungen, neueste zuerst' }), '130 /min')).toHaveAttribute('data-severity', 'none');
    expect(screen.queryByText('Neue Messung')).not.toBeInTheDocument();
  });

  it('charts each numeric parameter over time, accessibly, with the normal range of the age group', () => {
    renderUi(<VitalsTimeline view={viewWith(course)} editable />);
    const heart = screen.getByTestId('vitals-chart-heart_rate');
    const image = within(heart).getByRole('img');
    expect(image).toHaveAccessibleName(
      'Herzfrequenz (/min) im Verlauf von 04.07.2026 14:30 bis 04.07.2026 15:00: 72 /min, 130 /min, 95 /min. Normalbereich 60–85',
    );
    expect(heart.querySelectorAll('circle')).toHaveLength(3);
    expect(Array.from(heart.querySelectorAll('circle')).map((c) => c.getAttribute('data-severity'))).toEqual(['normal', 'critical', 'abnormal']);
    expect(heart.querySelector('polyline')).not.toBeNull();
    expect(heart.querySelector('[data-band]')).not.toBeNull();
    const table = within(heart).getByRole('table', { name: 'Herzfrequenz: Messwerte' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['04.07.2026 14:3072 /min', '04.07.2026 14:45130 /min', '04.07.2026 15:0095 /min']);

    const pressure = screen.getByTestId('vitals-chart-blood_pressure');
    expect(Array.from(pressure.querySelectorAll('[data-line]')).map((line) => line.getAttribute('data-line'))).toEqual(['systolisch', 'diastolisch']);
    expect(pressure.querySelectorAll('polyline')).toHaveLength(2);
    expect(within(pressure).getByRole('img')).toHaveAccessibleName(/120\/80 mmHg, 165\/95 mmHg\. Normalbereich 110–130$/);
    // One point, no line; GCS has no normal range.
    const gcs = screen.getByTestId('vitals-chart-gcs');
    expect(gcs.querySelectorAll('circle')).toHaveLength(1);
    expect(gcs.querySelector('polyline')).toBeNull();
    expect(gcs.querySelector('[data-band]')).toBeNull();
    expect(screen.queryByTestId('vitals-chart-temperature')).not.toBeInTheDocument();
  });

  it('filters measurements and charts by parameter chips', async () => {
    const ui = renderUi(<VitalsTimeline view={viewWith(course)} editable />);
    const chips = screen.getByRole('group', { name: 'Parameter filtern' });
    expect(within(chips).getAllByRole('checkbox').map((chip) => chip.closest('div')?.textContent)).toEqual([
      'Alle', 'Blutdruck', 'Herzfrequenz', 'SpO₂', 'GCS', 'Bemerkungen',
    ]);
    expect(within(chips).getByLabelText('Alle')).toBeChecked();

    await ui.user.click(within(chips).getByLabelText('SpO₂'));
    await waitFor(() => expect(within(chips).getByLabelText('Alle')).not.toBeChecked());
    const items = within(screen.getByRole('list', { name: 'Messungen, neueste zuerst' })).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('SpO₂93 %');
    expect(items[0]).not.toHaveTextContent('Herzfrequenz');
    expect(screen.getByTestId('vitals-chart-oxygen_saturation')).toBeInTheDocument();
    expect(screen.queryByTestId('vitals-chart-heart_rate')).not.toBeInTheDocument();

    await ui.user.click(within(chips).getByLabelText('Alle'));
    expect(within(screen.getByRole('list', { name: 'Messungen, neueste zuerst' })).getAllByRole('listitem')).toHaveLength(3);
  });
});

describe('CurrentVitals', () => {
  it('shows the latest value of each parameter with unit, time and colour', () => {
    renderUi(<CurrentVitals view={viewWith(course)} />);
    const list = screen.getByRole('list', { name: 'Letzte Werte je Parameter' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Blutdruck165/95 mmHg(kritisch) um 14:45',
      'Herzfrequenz95 /min(abweichend) um 15:00',
      'SpO₂93 %(abweichend) um 14:45',
      'GCS15 um 15:00',
      'GCS Augen4 (Spontanes Augenöffnen) um 15:00',
    ]);
    expect(valueBox(list, '95 /min')).toHaveAttribute('data-severity', 'abnormal');
    expect(screen.getByText('Aktuelle Vitalparameter')).toBeInTheDocument();
  });

  it('says Keine Vitalparameter erfasst without measurements, and why nothing is coloured without a date of birth', () => {
    const { unmount } = renderUi(<CurrentVitals view={viewWith([])} />);
    expect(screen.getByText('Keine Vitalparameter erfasst')).toBeInTheDocument();
    unmount();
    renderUi(<CurrentVitals view={viewWith(course, { firstName: 'Erika', lastName: 'Mustermann' })} />);
    expect(valueBox(document.body, '95 /min')).toHaveAttribute('data-severity', 'none');
    expect(screen.getByText('Kein Geburtsdatum erfasst – die Werte werden nicht farblich bewertet.')).toBeInTheDocument();
  });
});
