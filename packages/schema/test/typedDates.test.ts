import { describe, expect, it } from 'vitest';
import { parseTypedDate, parseTypedDateTime, parseTypedTime } from '../src/typedDates';

describe('dates as a German medic types them', () => {
  it('reads 14031958, 14.03.1958 and its variants as 14 March 1958', () => {
    for (const typed of ['14031958', '14.03.1958', '14.3.1958', ' 14.03.1958 ', '14-03-1958', '14/03/1958', '14 03 1958', '1958-03-14']) {
      expect(parseTypedDate(typed), typed).toBe('1958-03-14');
    }
    expect(parseTypedDate('01012000')).toBe('2000-01-01');
    expect(parseTypedDate('29.02.2024')).toBe('2024-02-29');
  });

  it('refuses impossible dates, two-digit years and half-typed input', () => {
    for (const typed of ['31.02.1958', '29.02.2023', '00.01.1958', '14.13.1958', '14.03.58', '140358', '1403195', '14.03.', '', 'gestern', '1958-02-30', '14031958x']) {
      expect(parseTypedDate(typed), typed).toBeNull();
    }
  });

  it('reads times in 24 hours', () => {
    expect(['13:45', '13.45', '1345', '13:45 Uhr'].map(parseTypedTime)).toEqual(['13:45', '13:45', '13:45', '13:45']);
    expect(parseTypedTime('9:05')).toBe('09:05');
    expect(parseTypedTime('00:00')).toBe('00:00');
    for (const typed of ['24:00', '12:60', '1:5', '945', 'mittags', '']) expect(parseTypedTime(typed), typed).toBeNull();
  });

  it('reads a date with a time', () => {
    expect(parseTypedDateTime('14.03.2026 13:45')).toBe('2026-03-14T13:45');
    expect(parseTypedDateTime('14032026 1345')).toBe('2026-03-14T13:45');
    expect(parseTypedDateTime('2026-03-14T13:45')).toBe('2026-03-14T13:45');
    for (const typed of ['14.03.2026', '14.03.2026 25:00', '31.04.2026 10:00', '14.03.2026 10:00 Uhr extra']) expect(parseTypedDateTime(typed), typed).toBeNull();
  });
});
