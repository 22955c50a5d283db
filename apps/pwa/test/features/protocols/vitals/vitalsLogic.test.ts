import { describe, expect, it } from 'vitest';
import { chartData, linearScale, valueDomain } from '../../../../src/features/protocols/vitals/chartData';
import { emptyRichVitals, richStateToValues, richValueProblems, richVitalsReducer, tabOf } from '../../../../src/features/protocols/vitals/richVitalsForm';
import type { RichVitalsAction } from '../../../../src/features/protocols/vitals/richVitalsForm';
import { colouringBasis, displayValue, filterKeyOf, presentFilterKeys } from '../../../../src/features/protocols/vitals/vitalDisplay';
import { measurement } from './vitals.fixtures';

const adult = '1980-04-02';
const child = '2020-01-10';

describe('chart data', () => {
  const records = [
    measurement(1, '2026-07-04T12:30:00.000Z', [['blood_pressure', '120/80', 'mmHg'], ['temperature', '37.5', '°C']]),
    measurement(2, '2026-07-04T12:40:00.000Z', [['blood_pressure', '-/85', 'mmHg'], ['temperature', '38,2', '°C']]),
    measurement(3, '2026-07-04T12:50:00.000Z', [['blood_pressure', '170/90', 'mmHg']]),
  ];

  it('splits blood pressure into systolic and diastolic lines; a missing side is no point', () => {
    const data = chartData(records, 'blood_pressure', adult);
    expect(data?.lines.map((line) => [line.name, line.points.map((p) => p.value)])).toEqual([
      ['systolisch', [120, 170]],
      ['diastolisch', [80, 85, 90]],
    ]);
    expect(data?.lines[0]?.points.map((p) => p.severity)).toEqual(['normal', 'critical']);
    expect(data?.rows.map((row) => row.text)).toEqual(['120/80 mmHg', '-/85 mmHg', '170/90 mmHg']);
    expect(data?.band).toEqual({ min: 110, max: 130 });
    expect(chartData(records, 'blood_pressure', child)?.band).toEqual({ min: 90, max: 115 });
  });

  it('reads decimal commas, shows them German, and has no band or colour without a date of birth', () => {
    const data = chartData(records, 'temperature', null);
    expect(data?.lines[0]?.points.map((p) => [p.value, p.severity])).toEqual([[37.5, null], [38.2, null]]);
    expect(data?.rows.map((row) => row.text)).toEqual(['37,5 °C', '38,2 °C']);
    expect(data?.band).toBeNull();
    expect(chartData(records, 'heart_rate', adult)).toBeNull();
  });

  it('keeps the axis readable: whole numbers, tenths for narrow ranges', () => {
    expect(valueDomain({ lines: [{ name: null, points: [{ time: 0, value: 72, severity: null }, { time: 1, value: 130, severity: null }] }], band: { min: 60, max: 85 } })).toEqual([53, 137]);
    expect(valueDomain({ lines: [{ name: null, points: [{ time: 0, value: 37.5, severity: null }, { time: 1, value: 38.2, severity: null }] }], band: null })).toEqual([37.4, 38.3]);
    expect(valueDomain({ lines: [{ name: null, points: [{ time: 0, value: 15, severity: null }] }], band: null })).toEqual([13, 17]);
    expect(valueDomain({ lines: [{ name: null, points: [{ time: 0, value: 8, severity: null }, { time: 1, value: 3, severity: null }] }], band: { min: 0, max: 3 } })).toEqual([0, 9]);
    expect(linearScale([5, 5], [0, 100])(5)).toBe(50);
    expect(linearScale([0, 10], [100, 0])(2.5)).toBe(75);
  });
});

describe('colouring basis and display', () => {
  it('colours only with a usable date of birth, and says why not', () => {
    expect(colouringBasis({ patientData: { firstName: 'A', lastName: 'B', dateOfBirth: adult } })).toEqual({ dateOfBirth: adult, notice: null });
    expect(colouringBasis({ patientData: { firstName: 'A', lastName: 'B' } }).notice).toBe('Kein Geburtsdatum erfasst – die Werte werden nicht farblich bewertet.');
    expect(colouringBasis({ patientData: { firstName: 'A', lastName: 'B', dateOfBirth: '2999-01-01' } }).dateOfBirth).toBeNull();
    expect(colouringBasis({ patientData: null }).notice).toMatch(/nach der Entlassung/);
  });

  it('shows values the German way, with GCS descriptions', () => {
    expect(displayValue('temperature', '37.5', '°C')).toBe('37,5 °C');
    expect(displayValue('gcs_motor', '5', null)).toBe('5 (Gezielte Schmerzabwehr)');
    expect(displayValue('capillary_refill', '<2', 's')).toBe('<2 s');
  });

  it('groups GCS parts and pupil fields for the filter', () => {
    expect(filterKeyOf('gcs_eyes')).toBe('gcs');
    expect(filterKeyOf('pupils_left_size')).toBe('pupils');
    const records = [measurement(9, '2026-07-04T12:30:00.000Z', [['pupils_equality', 'isochor'], ['heart_rate', '80'], ['gcs_verbal', '5']])];
    expect(presentFilterKeys(records)).toEqual(['heart_rate', 'gcs', 'pupils']);
  });
});

describe('rich form state', () => {
  const apply = (...actions: RichVitalsAction[]) => actions.reduce(richVitalsReducer, emptyRichVitals());

  it('sends only enabled parameters with a value; the GCS total only after Berechnen', () => {
    const state = apply(
      // Typing ticks heart rate; unticking leaves the value out.
      { type: 'text', field: 'heart_rate', text: '80' },
      { type: 'enable', toggle: 'heart_rate', enabled: false },
      { type: 'enable', toggle: 'respiratory_rate', enabled: true },
      { type: 'enable', toggle: 'gcs', enabled: true },
      { type: 'text', field: 'gcs_eyes', text: '4' },
    );
    expect(richStateToValues(state)).toEqual([{ parameterType: 'gcs_eyes', value: '4', unit: null }]);
    const computed = richVitalsReducer(state, { type: 'gcsTotal', total: 4 });
    expect(richStateToValues(computed).map((v) => v.parameterType)).toEqual(['gcs', 'gcs_eyes']);
    // A changed part clears the total.
    expect(richVitalsReducer(computed, { type: 'text', field: 'gcs_verbal', text: '5' }).gcsTotal).toBeNull();
  });

  it('typing ticks a parameter and emptying all its inputs unticks it; a pain score or skin finding ticks too', () => {
    const typed = apply({ type: 'text', field: 'systolic', text: '120' }, { type: 'text', field: 'diastolic', text: '80' });
    expect(typed.enabled.blood_pressure).toBe(true);
    expect(richVitalsReducer(typed, { type: 'text', field: 'systolic', text: '' }).enabled.blood_pressure).toBe(true);
    expect(apply({ type: 'text', field: 'systolic', text: '120' }, { type: 'text', field: 'systolic', text: ' ' }).enabled.blood_pressure).toBe(false);
    expect(apply({ type: 'pain', score: 0 }).enabled.pain_scale).toBe(true);
    expect(apply({ type: 'skin', findings: ['Blass'] }).enabled.skin_status).toBe(true);
    expect(apply({ type: 'skin', findings: ['Blass'] }, { type: 'skin', findings: [] }).enabled.skin_status).toBe(false);
  });

  it('orders skin findings as the list does and reports problems per checkbox and tab', () => {
    const state = apply({ type: 'enable', toggle: 'skin_status', enabled: true }, { type: 'skin', findings: ['Kalt', 'Blass'] });
    expect(state.skin).toEqual(['Blass', 'Kalt']);
    const tooLow = apply({ type: 'enable', toggle: 'gcs', enabled: true }, { type: 'gcsTotal', total: 2 });
    expect(richValueProblems(richStateToValues(tooLow))).toEqual({ gcs: 'GCS muss eine ganze Zahl zwischen 3 und 15 sein' });
    expect([tabOf('gcs'), tabOf('blood_pressure'), tabOf('notes')]).toEqual(['extended', 'basic', 'notes']);
    expect(apply({ type: 'enable', toggle: 'avpu', enabled: true }, { type: 'reset' })).toEqual(emptyRichVitals());
  });
});
