import type { SaniDokDb } from '../db';

/** One material a protocol consumed, summed over its usage rows (the edit page's Material tab). */
export interface ProtocolMaterial {
  materialId: number;
  /** null when the material is not in the local catalogue (the screens word it, src/lib/materialNames.ts). */
  name: string | null;
  unit: string;
  quantity: number;
  lastUsed: string;
}

/**
 * Materials recorded for a protocol (usage rows with source 'patient_protocol' and the protocol
 * as source), summed per material, most recently used first. Refilled rows count too: refilling
 * the service's stock does not undo what the patient received. Names come from the local
 * catalogue, deleted entries included.
 */
export async function listProtocolMaterials(db: SaniDokDb, protocolId: string, serviceId: string): Promise<ProtocolMaterial[]> {
  // No index on sourceId: the service's rows are few enough to filter here.
  const rows = await db.materialUsage
    .where('serviceId')
    .equals(serviceId)
    .filter((row) => row.source === 'patient_protocol' && row.sourceId === protocolId)
    .toArray();
  const byMaterial = new Map<number, ProtocolMaterial>();
  for (const row of rows) {
    const entry = byMaterial.get(row.materialId);
    if (entry) {
      entry.quantity += row.quantity;
      if (row.usedAt > entry.lastUsed) entry.lastUsed = row.usedAt;
    } else {
      byMaterial.set(row.materialId, { materialId: row.materialId, name: null, unit: '', quantity: row.quantity, lastUsed: row.usedAt });
    }
  }
  const entries = [...byMaterial.values()];
  const catalogue = await db.materials.bulkGet(entries.map((e) => e.materialId));
  entries.forEach((entry, i) => {
    entry.name = catalogue[i]?.name ?? null;
    entry.unit = catalogue[i]?.unit ?? '';
  });
  return entries.sort((a, b) => (a.lastUsed === b.lastUsed ? (a.name ?? '').localeCompare(b.name ?? '', 'de') : a.lastUsed < b.lastUsed ? 1 : -1));
}
