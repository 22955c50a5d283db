/**
 * Rules of the material picker (docs/spec/services.md §4–§5), shared by every capture dialog: a material
 * already chosen is ignored, a new one starts at 1, non-numeric input falls back to 1, and 0 or
 * less removes the item.
 */
export interface SelectedMaterial {
  id: number;
  name: string;
  unit?: string;
  quantity: number;
}

export function addToSelection(selection: readonly SelectedMaterial[], material: Omit<SelectedMaterial, 'quantity'>): SelectedMaterial[] {
  if (selection.some((item) => item.id === material.id)) return [...selection];
  return [...selection, { ...material, quantity: 1 }];
}

/** The quantity typed in, as the picker keeps it: a whole number ≥ 1, or null for "remove". */
export function parseQuantity(input: string | number): number | null {
  const value = typeof input === 'number' ? input : Number(input.trim().replace(',', '.'));
  if (typeof input !== 'number' && input.trim() === '') return 1;
  if (!Number.isFinite(value)) return 1;
  const whole = Math.trunc(value);
  return whole <= 0 ? null : Math.min(whole, 9999);
}

export function setQuantity(selection: readonly SelectedMaterial[], id: number, input: string | number): SelectedMaterial[] {
  const quantity = parseQuantity(input);
  if (quantity === null) return selection.filter((item) => item.id !== id);
  return selection.map((item) => (item.id === id ? { ...item, quantity } : item));
}

/** Search for the picker: case-insensitive, at most 10 matches (docs/spec/services.md §9). */
export function searchMaterials<M extends { name: string }>(materials: readonly M[], query: string, limit = 10): M[] {
  const needle = query.trim().toLocaleLowerCase('de-DE');
  const matches = needle ? materials.filter((m) => m.name.toLocaleLowerCase('de-DE').includes(needle)) : [...materials];
  return matches.slice(0, limit);
}

/** Masks a patient name for lists: every word keeps its first 2 characters (docs/spec/services.md §5). */
export function maskPatientName(name: string): string {
  return name
    .split(/(\s+)/)
    .map((part) => (/^\s+$/.test(part) ? part : Array.from(part).map((ch, i) => (i < 2 ? ch : '*')).join('')))
    .join('');
}
