import { describe, expect, it } from 'vitest';
import {
  fieldMessages, formatBloodPressure, gcsEyes, hasVitalDecimals, numericVitalRules, vitalParameterTypes, gcsLabel, gcsMotor, gcsTotal, gcsVerbal, latestVitalValues, parseBloodPressure, recordVitalsSchema,
  richFormToValues, simpleVitalsSchema, simpleVitalsToValues, summarizeVitals, vitalMessages,
} from '../src';

const protocolId = '018f3c1e-7b2a-7c3d-8e4f-123456789abc';

describe('simple vital form', () => {
  it('turns empty input into null and numbers into integers', () => {
    const parsed = simpleVitalsSchema.parse({ bloodPressureSystolic: '120', bloodPressureDiastolic: '', heartRate: ' 88 ', temperature: '37,4', gcs: '', avpu: '', notes: '  ' });
    expect(parsed).toMatchObject({ bloodPressureSystolic: 120, bloodPressureDiastolic: null, heartRate: 88, temperature: 37.4, gcs: null, avpu: null, notes: null, painScale: null });
  });

  it('checks GCS 3–15, pain 0–10 and the option lists', () => {
    const errors = (input: object) => {
      const result = simpleVitalsSchema.safeParse(input);
      return result.success ? {} : fieldMessages(result.error);
    };
    expect(errors({ gcs: 2, painScale: 11, oxygenSaturation: 101 })).toEqual({
      gcs: 'GCS muss eine ganze Zahl zwischen 3 und 15 sein',
      painScale: 'Schmerzskala muss eine ganze Zahl zwischen 0 und 10 sein',
      oxygenSaturation: 'Sauerstoffsättigung muss eine ganze Zahl zwischen 0 und 100 sein',
    });
    expect(errors({ gcs: 15, painScale: 0, pupils: 'PERRLA', skinStatus: 'Marmoriert', capillaryRefill: 'über 3 Sek', avpu: 'U' })).toEqual({});
    expect(errors({ pupils: 'groß' })).toEqual({ pupils: 'Ungültige Auswahl' });
  });

  it('converts to the one model, capillary refill in the rich notation', () => {
    const values = simpleVitalsToValues(simpleVitalsSchema.parse({ bloodPressureDiastolic: 70, heartRate: 60, capillaryRefill: 'unter 2 Sek', notes: 'ruhig' }));
    expect(values).toEqual([
      { parameterType: 'blood_pressure', value: '-/70', unit: 'mmHg' },
      { parameterType: 'heart_rate', value: '60', unit: '/min' },
      { parameterType: 'capillary_refill', value: '<2', unit: 's' },
      { parameterType: 'notes', value: 'ruhig', unit: null },
    ]);
  });
});

describe('rich vital form', () => {
  it('needs at least one value: Keine Daten', () => {
    expect(vitalMessages.noDataTitle).toBe('Keine Daten');
    const result = recordVitalsSchema.safeParse({ protocolId, values: richFormToValues([{ parameterType: 'heart_rate', enabled: false, value: '80' }, { parameterType: 'temperature', enabled: true, value: ' ' }]) });
    expect(result.success ? {} : fieldMessages(result.error)).toEqual({ values: 'Bitte geben Sie mindestens einen Vitalparameter ein.' });
  });

  it('sends blood pressure when either side is present, the other as "-"', () => {
    expect(formatBloodPressure(120, null)).toBe('120/-');
    expect(formatBloodPressure('', '80')).toBe('-/80');
    expect(formatBloodPressure(undefined, '')).toBeNull();
    expect(richFormToValues([], { enabled: true, systolic: 140, diastolic: '' })).toEqual([{ parameterType: 'blood_pressure', value: '140/-', unit: 'mmHg' }]);
    expect(richFormToValues([], { enabled: false, systolic: 140, diastolic: 90 })).toEqual([]);
    expect(parseBloodPressure('140/-')).toEqual({ systolic: 140, diastolic: null });
  });

  it('normalises spo2 and checks each value', () => {
    const parsed = recordVitalsSchema.parse({ protocolId, values: [{ parameterType: 'spo2', value: 97 }, { parameterType: 'pupils_equality', value: 'anisochor' }] });
    expect(parsed.values).toEqual([{ parameterType: 'oxygen_saturation', value: '97', unit: '%' }, { parameterType: 'pupils_equality', value: 'anisochor', unit: null }]);
    expect(recordVitalsSchema.safeParse({ protocolId, values: [{ parameterType: 'pupils_left_reaction', value: 'schnell' }] }).success).toBe(false);
    expect(recordVitalsSchema.safeParse({ protocolId, values: [{ parameterType: 'temperature', value: '37,8' }] }).success).toBe(true);
  });

  it('summarises a measurement and finds the latest value per parameter', () => {
    expect(summarizeVitals([{ parameterType: 'blood_pressure', value: '120/80', unit: 'mmHg' }, { parameterType: 'gcs', value: '15', unit: null }, { parameterType: 'notes', value: 'x', unit: null }]))
      .toBe('RR 120/80 mmHg · GCS 15');
    const latest = latestVitalValues([
      { recordedAt: '2026-01-01T10:10:00Z', values: [{ parameterType: 'heart_rate', value: '90', unit: '/min' }] },
      { recordedAt: '2026-01-01T10:00:00Z', values: [{ parameterType: 'heart_rate', value: '120', unit: '/min' }, { parameterType: 'gcs', value: '14', unit: null }] },
    ]);
    expect(latest.get('heart_rate')?.value).toBe('90');
    expect(latest.get('gcs')?.value).toBe('14');
  });
});

describe('GCS', () => {
  it('totals only when eyes + verbal + motor is above 0', () => {
    expect(gcsTotal(4, 5, 6)).toBe(15);
    expect(gcsTotal(1, 1, 1)).toBe(3);
    expect(gcsTotal(null, null, null)).toBeNull();
    expect(gcsTotal(0, 0, 0)).toBeNull();
    expect(gcsTotal(2, undefined, 4)).toBe(6);
    expect(gcsTotal(9, 5, 6)).toBe(11);
  });

  it('describes every level in German', () => {
    expect([gcsEyes.length, gcsVerbal.length, gcsMotor.length]).toEqual([4, 5, 6]);
    for (const levels of [gcsEyes, gcsVerbal, gcsMotor]) {
      expect(levels.map((l) => l.score)).toEqual(Array.from({ length: levels.length }, (_, i) => levels.length - i));
      for (const level of levels) expect(level.label.length).toBeGreaterThan(3);
    }
    expect(gcsLabel('motor', 5)).toBe('Gezielte Schmerzabwehr');
    expect(gcsLabel('eyes', 4)).toBe('Spontanes Augenöffnen');
    expect(gcsLabel('verbal', 6)).toBeNull();
  });
});

describe('decimals', () => {
  it('follow the numeric rules: temperature and blood glucose, nothing else', () => {
    expect(vitalParameterTypes.filter(hasVitalDecimals)).toEqual(['temperature', 'blood_glucose']);
    for (const type of vitalParameterTypes) expect(hasVitalDecimals(type)).toBe(numericVitalRules[type]?.integer === false);
    expect(['systolic', 'diastolic', 'toString', ''].some(hasVitalDecimals)).toBe(false);
  });
});
