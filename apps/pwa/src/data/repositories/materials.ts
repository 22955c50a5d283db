import type { LocalMaterial, SaniDokDb } from '../db';

/**
 * An organisation's material catalogue, filled by pull (read-only on the device). Deleted entries
 * stay in the cache so recorded usage can still be named, but are not offered for new entries.
 */
export async function listMaterials(db: SaniDokDb, organizationId: number): Promise<LocalMaterial[]> {
  const rows = await db.materials.where('organizationId').equals(organizationId).toArray();
  return rows.filter((m) => m.deletedAt === null).sort((a, b) => a.name.localeCompare(b.name, 'de'));
}

export function getMaterial(db: SaniDokDb, id: number): Promise<LocalMaterial | undefined> {
  return db.materials.get(id);
}
