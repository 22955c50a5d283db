import { afterEach, describe, expect, it } from 'vitest';
import { berlinDateTime, berlinDay, berlinMonth, berlinTimeOnDayOf, berlinWallTimeToIso, currentTimeOfDay, isoToBerlinParts, latestBerlinInstantAt } from '../src';

describe('Berlin wall time', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('reads winter times as UTC+1 and summer times as UTC+2', () => {
    expect(berlinWallTimeToIso('2026-01-15', '10:00')).toBe('2026-01-15T09:00:00.000Z');
    expect(berlinWallTimeToIso('2026-07-01', '10:00')).toBe('2026-07-01T08:00:00.000Z');
    expect(berlinWallTimeToIso('2026-12-31', '23:59')).toBe('2026-12-31T22:59:00.000Z');
    expect(berlinWallTimeToIso('2027-01-01', '00:00')).toBe('2026-12-31T23:00:00.000Z');
  });

  it('handles the nights the clocks change', () => {
    // Spring: 02:00–03:00 does not exist; 01:59 is winter time, 03:00 summer time.
    expect(berlinWallTimeToIso('2026-03-29', '01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(berlinWallTimeToIso('2026-03-29', '03:00')).toBe('2026-03-29T01:00:00.000Z');
    // 02:30 is read with the winter offset: 03:30 summer time.
    expect(berlinWallTimeToIso('2026-03-29', '02:30')).toBe('2026-03-29T01:30:00.000Z');
    // Autumn: 02:30 happens twice; the first (summer time) is taken.
    expect(berlinWallTimeToIso('2026-10-25', '02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(berlinWallTimeToIso('2026-10-25', '03:00')).toBe('2026-10-25T02:00:00.000Z');
  });

  it('does not depend on the time zone the device is set to', () => {
    for (const tz of ['America/New_York', 'Asia/Tokyo', 'UTC']) {
      process.env.TZ = tz;
      expect(berlinWallTimeToIso('2026-07-01', '10:00')).toBe('2026-07-01T08:00:00.000Z');
      expect(isoToBerlinParts('2026-07-01T08:00:00.000Z')).toEqual({ date: '2026-07-01', time: '10:00' });
    }
  });

  it('a time typed after the fact is the latest such instant: today, or yesterday when today lies ahead', () => {
    const now = new Date('2026-11-24T23:05:00.000Z'); // 00:05 on 25 Nov in Berlin
    expect(latestBerlinInstantAt('00:03', now)).toBe('2026-11-24T23:03:00.000Z');
    expect(latestBerlinInstantAt('00:09', now)).toBe('2026-11-24T23:09:00.000Z'); // within 5 minutes ahead: still today
    expect(latestBerlinInstantAt('23:50', now)).toBe('2026-11-24T22:50:00.000Z'); // yesterday evening
    expect(latestBerlinInstantAt('25:00', now)).toBeNull();
  });

  it('rejects impossible dates and times', () => {
    expect(berlinWallTimeToIso('2026-02-30', '10:00')).toBeNull();
    expect(berlinWallTimeToIso('2026-13-01', '10:00')).toBeNull();
    expect(berlinWallTimeToIso('2026-06-01', '24:00')).toBeNull();
    expect(berlinWallTimeToIso('', '10:00')).toBeNull();
    expect(berlinWallTimeToIso('2026-06-01', '')).toBeNull();
    expect(isoToBerlinParts('kein Datum')).toEqual({ date: '', time: '' });
  });

  it('round-trips every quarter hour of a year', () => {
    for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += 15 * 60_000) {
      const iso = new Date(t).toISOString();
      const { date, time } = isoToBerlinParts(iso);
      const back = berlinWallTimeToIso(date, time);
      // The repeated autumn hour maps back to its first occurrence; everything else exactly.
      if (back !== iso) expect(Date.parse(iso) - Date.parse(back ?? '')).toBe(3_600_000);
    }
  });
});

describe('Berlin time in exports and counts', () => {
  it('writes an instant with Berlin\'s offset, in winter and in summer', () => {
    expect(berlinDateTime('2026-11-24T14:06:00.000Z')).toBe('2026-11-24T15:06:00+01:00');
    expect(berlinDateTime('2026-07-01T08:00:30.000Z')).toBe('2026-07-01T10:00:30+02:00');
    expect(berlinDateTime('kein Datum')).toBe('kein Datum');
  });

  it('reads a treatment entry\'s HH:MM on the day it was written, or the day before when written after midnight', () => {
    expect(berlinTimeOnDayOf('23:58', '2026-11-24T22:59:00.000Z')).toBe('2026-11-24T23:58:00+01:00');
    // Written at 00:10 on the 25th for a measure at 23:58: the 24th.
    expect(berlinTimeOnDayOf('23:58', '2026-11-24T23:10:00.000Z')).toBe('2026-11-24T23:58:00+01:00');
    expect(berlinTimeOnDayOf('24:00', '2026-11-24T23:10:00.000Z')).toBeNull();
  });

  it('gives the day, the time of day and the month on the German wall clock', () => {
    const lateEvening = new Date('2026-12-31T23:30:00.000Z'); // 00:30 on 1 January in Berlin
    expect(berlinDay(lateEvening)).toBe('2027-01-01');
    expect(currentTimeOfDay(lateEvening)).toBe('00:30');
    expect(berlinMonth(lateEvening)).toBe('2027-01');
    expect(berlinMonth('kein Datum')).toBe('');
  });
});
