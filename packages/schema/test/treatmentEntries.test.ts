import { describe, expect, it } from 'vitest';
import { currentTimeOfDay, formatSignedTreatmentEntry, formatTreatmentEntry, performerLabel, signedPerformer, timeOfDayPattern, treatmentPerformerLabels, treatmentPerformers } from '../src';

describe('treatment entry lines', () => {
  it("formats '[HH:MM] text (performer)' for every performer kind", () => {
    expect(treatmentPerformers).toEqual(['helfer1', 'helfer2', 'laienhelfer', 'custom']);
    const line = (performer: (typeof treatmentPerformers)[number], performerName: string | null = null) =>
      formatTreatmentEntry({ time: '14:05', text: '  Pulsoxymetrie angelegt ', performer, performerName });
    expect(line('helfer1')).toBe('[14:05] Pulsoxymetrie angelegt (Helfer 1)');
    expect(line('helfer2')).toBe('[14:05] Pulsoxymetrie angelegt (Helfer 2)');
    expect(line('laienhelfer')).toBe('[14:05] Pulsoxymetrie angelegt (Laienhelfer)');
    expect(line('custom', ' Dr. Weiß ')).toBe('[14:05] Pulsoxymetrie angelegt (Dr. Weiß)');
  });

  it('labels a custom performer without a name as such', () => {
    expect(performerLabel({ performer: 'custom', performerName: '  ' })).toBe(treatmentPerformerLabels.custom);
    expect(performerLabel({ performer: 'helfer1', performerName: 'ignoriert' })).toBe('Helfer 1');
  });

  it('signs an entry for the prints with the helper\'s name, else the slot and who documented it', () => {
    const names = { helper1: ' Lea Lang ', helper2: null, recordedBy: (id: number) => (id === 7 ? 'Mona Medic' : undefined) };
    const entry = (performer: (typeof treatmentPerformers)[number], recordedById: number | null = 7, performerName: string | null = null) => ({ performer, performerName, recordedById });
    expect(signedPerformer(entry('helfer1'), names)).toBe('Lea Lang');
    expect(signedPerformer(entry('helfer2'), names)).toBe('Helfer 2, dokumentiert von Mona Medic');
    expect(signedPerformer(entry('laienhelfer'), names)).toBe('Laienhelfer, dokumentiert von Mona Medic');
    expect(signedPerformer(entry('custom', 7, 'Dr. Weiß'), names)).toBe('Dr. Weiß');
    // Nobody known: the slot, never a username or an id.
    expect(signedPerformer(entry('helfer2', 9), names)).toBe('Helfer 2');
    expect(signedPerformer(entry('helfer2', null), { helper1: null, helper2: '' })).toBe('Helfer 2');
    expect(formatSignedTreatmentEntry({ time: '14:05', text: ' Verband ', ...entry('helfer1') }, names)).toBe('[14:05] Verband (Lea Lang)');
  });

  it('gives the current time of day in Europe/Berlin as HH:MM', () => {
    expect(currentTimeOfDay(new Date('2026-07-04T12:05:00.000Z'))).toBe('14:05'); // summer time, UTC+2
    expect(currentTimeOfDay(new Date('2026-01-10T23:30:00.000Z'))).toBe('00:30'); // winter time, next day
    expect(currentTimeOfDay()).toMatch(timeOfDayPattern);
    expect(['9:05', '24:00', '12:60', '12:5'].some((t) => timeOfDayPattern.test(t))).toBe(false);
  });
});
