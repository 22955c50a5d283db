import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../src/lib/format';

describe('formatDateTime', () => {
  it('formats dd.MM.yyyy HH:mm in Berlin summer time', () => {
    expect(formatDateTime('2026-07-04T22:05:00.000Z')).toBe('05.07.2026 00:05');
  });

  it('formats dd.MM.yyyy HH:mm in Berlin winter time', () => {
    expect(formatDateTime(new Date('2026-01-15T13:45:00Z'))).toBe('15.01.2026 14:45');
  });

  it('answers Ungültiges Datum for unparsable or missing values', () => {
    expect(formatDateTime('kein Datum')).toBe('Ungültiges Datum');
    expect(formatDateTime(null)).toBe('Ungültiges Datum');
    expect(formatDate(Number.NaN)).toBe('Ungültiges Datum');
  });

  it('formats a date alone as dd.MM.yyyy', () => {
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('01.01.2027');
  });
});
