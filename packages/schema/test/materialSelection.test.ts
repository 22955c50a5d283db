import { describe, expect, it } from 'vitest';
import { addToSelection, maskPatientName, parseQuantity, searchMaterials, setQuantity } from '../src';

describe('material picker rules', () => {
  const pflaster = { id: 1, name: 'Pflaster' };
  const kuehl = { id: 2, name: 'Kühlpack' };

  it('adds a new material at 1 and ignores a duplicate', () => {
    const one = addToSelection([], pflaster);
    expect(one).toEqual([{ id: 1, name: 'Pflaster', quantity: 1 }]);
    expect(addToSelection(setQuantity(one, 1, 4), pflaster)).toEqual([{ id: 1, name: 'Pflaster', quantity: 4 }]);
  });

  it('falls back to 1 for non-numeric input, removes at 0 or less, keeps whole numbers', () => {
    expect(parseQuantity('abc')).toBe(1);
    expect(parseQuantity('')).toBe(1);
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity('2,7')).toBe(2);
    expect(parseQuantity(0)).toBeNull();
    expect(parseQuantity('-2')).toBeNull();
    const selection = addToSelection(addToSelection([], pflaster), kuehl);
    expect(setQuantity(selection, 2, '0')).toEqual([{ id: 1, name: 'Pflaster', quantity: 1 }]);
    expect(setQuantity(selection, 1, 'x')[0]?.quantity).toBe(1);
  });

  it('finds at most 10 matches, case-insensitively', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ id: i, name: `Verband ${i}` }));
    expect(searchMaterials(many, 'verb')).toHaveLength(10);
    expect(searchMaterials([pflaster, kuehl], 'KÜHL')).toEqual([kuehl]);
  });
});

describe('maskPatientName', () => {
  it('keeps 2 characters per word', () => {
    expect(maskPatientName('Max Mustermann')).toBe('Ma* Mu********');
    expect(maskPatientName('Jürgen  Özdemir-Schmidt')).toBe('Jü****  Öz*************');
    expect(maskPatientName('Al')).toBe('Al');
    expect(maskPatientName('')).toBe('');
  });
});
