import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from '../src';

describe('date display', () => {
  it('shows Berlin wall-clock time in summer and winter', () => {
    expect(formatDateTime('2026-07-04T12:30:00.000Z')).toBe('04.07.2026 14:30');
    expect(formatDateTime('2026-01-15T23:05:00.000Z')).toBe('16.01.2026 00:05');
    expect(formatDate('2026-03-29T01:30:00.000Z')).toBe('29.03.2026');
    expect(formatTime(new Date('2026-10-25T00:59:00.000Z'))).toBe('02:59');
  });

  it('says "Ungültiges Datum" for anything unparsable', () => {
    for (const bad of ['kaputt', '', null, undefined, Number.NaN]) expect(formatDateTime(bad)).toBe('Ungültiges Datum');
  });
});
