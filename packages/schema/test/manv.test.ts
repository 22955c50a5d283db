import { describe, expect, it } from 'vitest';
import type { ManvPatient, ManvTriage } from '../src';
import { countManv, mstart, nextManvPhase, noRedCriteria, prior, registerManvPatientSchema, walkAlgorithm } from '../src';

/** MANV rules: the algorithms' steps, the shortcut, phases, counts. */

describe('triage algorithms', () => {
  it('mSTaRT: walking is SK III, no breathing ex, the red criteria SK I, the rest SK II', () => {
    expect(walkAlgorithm(mstart, [true])).toEqual({ category: 'sk3' });
    expect(walkAlgorithm(mstart, [false, false])).toEqual({ category: 'ex' });
    expect(walkAlgorithm(mstart, [false, true, true])).toEqual({ category: 'sk1' });
    expect(walkAlgorithm(mstart, [false, true, false, false, false, true])).toEqual({ category: 'sk1' });
    expect(walkAlgorithm(mstart, [false, true, false, false, false, false])).toEqual({ category: 'sk2' });
    expect(walkAlgorithm(mstart, [false])).toEqual({ step: 'breath' });
  });

  it('PRIOR: A–D are SK I, E SK II, then walking decides SK III or SK II', () => {
    for (let i = 0; i < 4; i += 1) expect(walkAlgorithm(prior, [...Array<boolean>(i).fill(false), true])).toEqual({ category: 'sk1' });
    expect(walkAlgorithm(prior, [false, false, false, false, true])).toEqual({ category: 'sk2' });
    expect(walkAlgorithm(prior, [false, false, false, false, false, true])).toEqual({ category: 'sk3' });
    expect(walkAlgorithm(prior, [false, false, false, false, false, false])).toEqual({ category: 'sk2' });
  });

  it('"Keine SK-I-Zeichen" answers no to the consecutive SK I steps only', () => {
    expect(noRedCriteria(prior, [])).toEqual([false, false, false, false]);
    expect(noRedCriteria(mstart, [false, true])).toEqual([false, false, false, false]);
    expect(noRedCriteria(mstart, [])).toEqual([]);
  });

  it('phases: pre-triage, the physician\'s first is the triage, then re-triage', () => {
    expect(nextManvPhase('paramedic', [])).toBe('pre_triage');
    expect(nextManvPhase('physician', [])).toBe('triage');
    expect(nextManvPhase('physician', [{ qualification: 'paramedic' }])).toBe('triage');
    expect(nextManvPhase('paramedic', [{ qualification: 'paramedic' }])).toBe('re_triage');
    expect(nextManvPhase('physician', [{ qualification: 'physician' }])).toBe('re_triage');
  });

  it('tag numbers are compared without spaces and case; odd characters are refused in German', () => {
    const base = { incidentId: '0190a0b0-0000-7000-8000-000000000001' };
    expect(registerManvPatientSchema.parse({ ...base, tagNumber: ' ab 12 ' }).tagNumber).toBe('AB12');
    expect(registerManvPatientSchema.safeParse({ ...base, tagNumber: '<12>' }).error?.issues[0]?.message).toBe(
      'Die Anhängekartennummer darf nur Buchstaben, Ziffern, Bindestrich und Schrägstrich enthalten',
    );
  });
});

describe('countManv', () => {
  const patient = (id: string, tagNumber: string, extra: Partial<ManvPatient> = {}) => ({ id, tagNumber, duplicateOf: null, transport: null, ...extra });
  const event = (id: string, patientId: string, category: ManvTriage['category'], phase: ManvTriage['phase'], minute: number) => ({
    id, patientId, category, phase, triagedAt: new Date(Date.UTC(2026, 6, 4, 10, minute)).toISOString(),
  });

  it('the latest event decides; merged rows count once; conflicts and late triages are counted', () => {
    const transport = { priority: 'high', means: 'rtw', destination: 'K', position: 'lying', departedAt: new Date(Date.UTC(2026, 6, 4, 10, 5)).toISOString() } as const;
    const counts = countManv(
      [patient('a', '1', { transport }), patient('b', '2'), patient('c', '2'), patient('d', '3', { duplicateOf: 'a' }), patient('e', '4')],
      [event('t1', 'a', 'sk2', 'pre_triage', 1), event('t2', 'a', 'sk1', 're_triage', 9), event('t3', 'b', 'sk3', 'pre_triage', 2), event('t4', 'c', 'sk3', 'pre_triage', 3), event('t5', 'd', 'sk2', 'triage', 4)],
    );
    expect(counts).toMatchObject({ patients: 4, untriaged: 1, transported: 1, tagConflicts: 1, lateTriagePatients: 1 });
    expect(counts.byCategory.sk1).toEqual({ total: 1, transported: 1, byPhase: { pre_triage: 0, triage: 0, re_triage: 1 } });
    expect(counts.byCategory.sk3.total).toBe(2);
    expect(counts.eventsByPhase).toEqual({ pre_triage: 3, triage: 1, re_triage: 1 });
  });
});
