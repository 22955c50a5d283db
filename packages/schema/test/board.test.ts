import { describe, expect, it } from 'vitest';
import { LOW_MATERIAL_OPEN_UNITS, lowMaterials, quarantineArgs, syncMutations } from '../src';

const id = '0190a000-0000-7000-8000-000000000001';
const serviceId = '0190a000-0000-7000-8000-000000000002';

describe('command-post board rules', () => {
  it('a material runs low once its unrefilled units reach the threshold; refilled rows do not count', () => {
    const rows = [
      { materialId: 1, quantity: LOW_MATERIAL_OPEN_UNITS - 1, refilledAt: null },
      { materialId: 1, quantity: 1, refilledAt: null },
      { materialId: 2, quantity: 9, refilledAt: '2026-11-24T10:00:00Z' },
      { materialId: 3, quantity: LOW_MATERIAL_OPEN_UNITS + 2, refilledAt: null },
    ];
    expect(lowMaterials(rows)).toEqual([{ materialId: 3, openUnits: LOW_MATERIAL_OPEN_UNITS + 2 }, { materialId: 1, openUnits: LOW_MATERIAL_OPEN_UNITS }]);
  });

  it('a diary entry needs its text, ids and time; a refused one keeps no text in the quarantine', () => {
    const schema = syncMutations['diaryEntry.create'].schema;
    expect(schema.safeParse({ id, serviceId, text: '  ', occurredAt: '2026-11-24T10:00:00Z' }).error?.issues.map((i) => i.message)).toEqual([
      'Bitte geben Sie einen Text für den Tagebucheintrag ein',
    ]);
    expect(schema.safeParse({ id, serviceId, text: 'x'.repeat(1001), occurredAt: '2026-11-24T10:00:00Z' }).success).toBe(false);
    const args = { id, serviceId, text: 'Zelt 2 voll', occurredAt: '2026-11-24T10:00:00Z' };
    expect(schema.parse(args)).toEqual(args);
    expect(quarantineArgs('diaryEntry.create', args)).toEqual({ id, serviceId, occurredAt: args.occurredAt, omittedFields: ['text'] });
  });
});
