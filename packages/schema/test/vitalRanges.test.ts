import { describe, expect, it } from 'vitest';
import { ageGroup, ageInYears, painScaleColor, vitalColor, vitalReferenceRanges, vitalSeverity } from '../src';

const at = new Date('2026-06-15T10:00:00Z');
const born = (years: number, monthDay = '06-15') => `${2026 - years}-${monthDay}`;

describe('age groups (reading A)', () => {
  it('counts completed years on the medic’s calendar day', () => {
    expect(ageInYears('2016-06-15', at)).toBe(10);
    expect(ageInYears('2016-06-16', at)).toBe(9);
    expect(ageInYears('2026-06-16', at)).toBeNull();
    expect(ageInYears('', at)).toBeNull();
    expect(ageInYears('15.06.2016', at)).toBeNull();
  });

  it('child up to 12, teen 13–17, adult from 18', () => {
    expect(ageGroup(born(0), at)).toBe('child');
    expect(ageGroup(born(12), at)).toBe('child');
    expect(ageGroup(born(13), at)).toBe('teen');
    expect(ageGroup(born(13, '06-16'), at)).toBe('child');
    expect(ageGroup(born(17), at)).toBe('teen');
    expect(ageGroup(born(18), at)).toBe('adult');
    expect(ageGroup(null, at)).toBeNull();
  });
});

describe('vital colouring', () => {
  const adult = born(40);
  const child = born(8);
  const teen = born(15);

  it('does not colour without a date of birth or for parameters without a range', () => {
    expect(vitalColor('heart_rate', '200', null, at)).toBeNull();
    expect(vitalColor('heart_rate', '200', undefined, at)).toBeNull();
    expect(vitalColor('gcs', '3', adult, at)).toBeNull();
    expect(vitalColor('heart_rate', 'schnell', adult, at)).toBeNull();
  });

  it('critical at or beyond a critical bound, abnormal outside normal, else normal', () => {
    expect(['49', '50', '51', '59', '60', '85', '86', '119', '120'].map((v) => vitalSeverity('heart_rate', v, adult, at))).toEqual([
      'critical', 'critical', 'abnormal', 'abnormal', 'normal', 'normal', 'abnormal', 'abnormal', 'critical',
    ]);
    expect(vitalColor('heart_rate', '100', child, at)).toBe('green');
    expect(vitalColor('heart_rate', '100', adult, at)).toBe('yellow');
    expect(vitalColor('respiratory_rate', 35, child, at)).toBe('yellow');
    expect(vitalColor('respiratory_rate', 35, teen, at)).toBe('red');
    expect(vitalColor('oxygen_saturation', '92', adult, at)).toBe('red');
    expect(vitalColor('oxygen_saturation', '94', adult, at)).toBe('yellow');
    expect(vitalColor('oxygen_saturation', '100', adult, at)).toBe('green');
    expect(vitalColor('temperature', '38,5', child, at)).toBe('red');
    expect(vitalColor('temperature', '38,2', child, at)).toBe('yellow');
    expect(vitalColor('temperature', '38,2', adult, at)).toBe('red');
    expect(vitalColor('blood_glucose', '100', adult, at)).toBe('yellow');
    expect(vitalColor('blood_glucose', '100', teen, at)).toBe('green');
  });

  it('judges blood pressure by its systolic part', () => {
    expect(vitalColor('blood_pressure', '120/80', adult, at)).toBe('green');
    expect(vitalColor('blood_pressure', '165/70', adult, at)).toBe('red');
    expect(vitalColor('blood_pressure', '120/130', child, at)).toBe('yellow');
    expect(vitalColor('blood_pressure', '-/80', adult, at)).toBeNull();
  });

  it('pain: 0 is not critical; 4–6 abnormal, from 7 critical — the same as the buttons', () => {
    expect([0, 3, 4, 6, 7, 10].map((n) => vitalColor('pain_scale', n, adult, at))).toEqual(['green', 'green', 'yellow', 'yellow', 'red', 'red']);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(painScaleColor)).toEqual(['green', 'green', 'green', 'green', 'yellow', 'yellow', 'yellow', 'red', 'red', 'red', 'red']);
  });

  it('has one table with every age group', () => {
    for (const groups of Object.values(vitalReferenceRanges)) {
      for (const range of Object.values(groups)) {
        expect(range.criticalLow).toBeLessThanOrEqual(range.min);
        expect(range.criticalHigh).toBeGreaterThan(range.max);
      }
    }
    expect(vitalReferenceRanges.heart_rate.adult).toEqual({ min: 60, max: 85, criticalLow: 50, criticalHigh: 120 });
  });
});
