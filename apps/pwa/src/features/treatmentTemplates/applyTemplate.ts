import type { SelectedMaterial, TemplateMaterial } from '@sanidok/schema';
import type { CatalogueMaterial } from '../../components/materialPicker/MaterialPicker';

/**
 * The picker's selection for a template's preset materials. A material that left the catalogue
 * since the template was saved is skipped: the dialog offers only what can still be recorded
 * (the server refuses a deleted material too).
 */
export function templateSelection(materials: readonly TemplateMaterial[], catalogue: readonly CatalogueMaterial[] | undefined): SelectedMaterial[] {
  const byId = new Map((catalogue ?? []).map((m) => [m.id, m]));
  return materials.flatMap(({ materialId, quantity }) => {
    const material = byId.get(materialId);
    return material ? [{ id: material.id, name: material.name, unit: material.unit, quantity }] : [];
  });
}

/** Back from the picker's selection to what a template stores. */
export function templateMaterials(selection: readonly SelectedMaterial[]): TemplateMaterial[] {
  return selection.map(({ id, quantity }) => ({ materialId: id, quantity }));
}
