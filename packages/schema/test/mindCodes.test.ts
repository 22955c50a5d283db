import { describe, expect, it } from 'vitest';
import { createProtocolSchema, diagnosisGroupText, diagnosisGroups, nacaLabel, nacaScores, nacaText, protocolClinicalFieldSchemas, updateProtocolSchema, withheldClinical } from '../src';

const id = '0190a1b2-0000-7000-8000-0000000000bb';

describe('NACA score and diagnosis group', () => {
  it('label each NACA grade with its German definition, 0 to VII', () => {
    expect(nacaScores).toHaveLength(8);
    expect(nacaLabel('0')).toBe('NACA 0 – Keine Verletzung oder Erkrankung');
    expect(nacaLabel('4')).toBe('NACA IV – Akute Lebensgefahr nicht auszuschließen');
    expect(nacaLabel('7')).toBe('NACA VII – Tod');
    expect(nacaText(null)).toBeNull();
    expect(diagnosisGroupText('heatCold')).toBe('Hitze- oder Kälteschaden');
    expect(new Set(diagnosisGroups.map(diagnosisGroupText)).size).toBe(diagnosisGroups.length);
  });

  it('take 0–7 and the listed groups, empty as null, and refuse anything else in German', () => {
    expect(updateProtocolSchema.parse({ id, naca: ' 7 ', diagnosisGroup: 'trauma' })).toMatchObject({ naca: '7', diagnosisGroup: 'trauma' });
    expect(updateProtocolSchema.parse({ id, naca: '', diagnosisGroup: '' })).toMatchObject({ naca: null, diagnosisGroup: null });
    for (const naca of ['8', '-1', 'VII', '3.5', 3]) {
      const result = updateProtocolSchema.safeParse({ id, naca });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Der NACA-Score muss zwischen 0 und 7 liegen');
    }
    expect(updateProtocolSchema.safeParse({ id, diagnosisGroup: 'Bauchweh' }).error?.issues[0]?.message).toBe('Bitte wählen Sie eine Diagnosegruppe aus der Liste');
    expect(createProtocolSchema.safeParse({ serviceId: id, patientData: { firstName: 'A', lastName: 'B' }, naca: '9' }).success).toBe(false);
    // The edit form checks the typed value by the same rule.
    expect(protocolClinicalFieldSchemas.naca.safeParse('8').success).toBe(false);
    expect(protocolClinicalFieldSchemas.naca.safeParse('').success).toBe(true);
  });

  it('belong to the clinical scope: withheld off the team like the other clinical fields', () => {
    expect(withheldClinical.protocol).toMatchObject({ naca: null, diagnosisGroup: null });
  });
});
