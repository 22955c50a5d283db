import { syncMutations } from '@sanidok/schema';
import type { UsedMaterialSummary } from '@sanidok/schema';
import type { SaniDokDb } from '../db';
import { activeDatabase } from '../db';
import { writeMutation } from '../outbox';
import { uuidv7 } from '../uuid';
import { requireCaptureService } from './services';

/**
 * A Materialverbrauch row as stored: `name` null when the material is not in the local catalogue
 * (the screens word it, src/lib/materialNames.ts).
 */
export interface UsedMaterialRow extends Omit<UsedMaterialSummary, 'name'> {
  name: string | null;
  usageIds: string[];
  /** Treatments that contributed (their pending state marks the row). */
  sourceIds: string[];
  /** True when manual additions contributed. */
  manual: boolean;
}

/** A Materialverbrauch row as the screens show it: every material named. */
export type LocalUsedMaterial = Omit<UsedMaterialRow, 'name'> & { name: string };

/** The server caps usageIds per refill (refillMaterialsSchema); a longer list goes in parts. */
const refillChunk = 10_000;

// ---- Reads ----

/**
 * Open (not refilled) consumption of a service summed per material, most recently used first,
 * like GET /api/materials/used. Names come from the local catalogue, deleted entries included.
 */
export async function listUsedMaterials(db: SaniDokDb, serviceId: string): Promise<UsedMaterialRow[]> {
  const usage = await db.materialUsage.where('serviceId').equals(serviceId).filter((u) => u.refilledAt === null).toArray();
  const byMaterial = new Map<number, UsedMaterialRow>();
  for (const row of usage) {
    let entry = byMaterial.get(row.materialId);
    if (!entry) {
      entry = { id: row.materialId, name: null, unit: '', count: 0, lastUsed: row.usedAt, usageIds: [], sourceIds: [], manual: false };
      byMaterial.set(row.materialId, entry);
    }
    entry.count += row.quantity;
    if (row.usedAt > entry.lastUsed) entry.lastUsed = row.usedAt;
    entry.usageIds.push(row.id);
    if (row.source === 'manual') entry.manual = true;
    else if (row.sourceId) entry.sourceIds.push(row.sourceId);
  }
  const entries = [...byMaterial.values()];
  const catalogue = await db.materials.bulkGet(entries.map((e) => e.id));
  entries.forEach((entry, i) => {
    entry.name = catalogue[i]?.name ?? null;
    entry.unit = catalogue[i]?.unit ?? '';
  });
  return entries.sort((a, b) => (a.lastUsed === b.lastUsed ? (a.name ?? '').localeCompare(b.name ?? '', 'de') : a.lastUsed < b.lastUsed ? 1 : -1));
}

// ---- Writes ----

/**
 * Material taken for a service without a patient (/materials/used): usage rows with source
 * 'manual' and the outbox row in one transaction. Returns the usage ids.
 */
export async function addUsedMaterials(serviceId: string, materials: readonly { id: number; quantity: number }[]): Promise<string[]> {
  const db = activeDatabase();
  const args = syncMutations['materialUsage.add'].schema.parse({
    serviceId,
    source: 'manual',
    materials: materials.map((m) => ({ id: m.id, quantity: m.quantity, usageId: uuidv7() })),
    usedAt: new Date().toISOString(),
  });
  await writeMutation(db, 'materialUsage.add', async (tx) => {
    await requireCaptureService(tx, serviceId);
    return args;
  });
  return args.materials.map((m) => m.usageId);
}

/**
 * 'Aufgefüllt' (materialId given) and 'Liste leeren' (without): marks exactly the usage rows the
 * screen showed as refilled, so consumption recorded on another tablet meanwhile stays open.
 */
export async function refillUsedMaterials(serviceId: string, usageIds: readonly string[], materialId?: number): Promise<void> {
  const db = activeDatabase();
  for (let start = 0; start < usageIds.length; start += refillChunk) {
    const chunk = usageIds.slice(start, start + refillChunk);
    // Without a material the key stays out of the outbox row (not even as undefined).
    const args = syncMutations['materialUsage.refill'].schema.parse(materialId === undefined ? { serviceId, usageIds: chunk } : { serviceId, materialId, usageIds: chunk });
    await writeMutation(db, 'materialUsage.refill', async (tx) => {
      await requireCaptureService(tx, serviceId);
      return args;
    });
  }
}
