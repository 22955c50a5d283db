import { syncMutations } from '@sanidok/schema';
import type { LocalMinorTreatment, SaniDokDb } from '../db';
import { activeDatabase } from '../db';
import { writeMutation } from '../outbox';
import { uuidv7 } from '../uuid';
import { requireCaptureService } from './services';

export type { LocalMinorTreatment } from '../db';

/** What the dialog hands over: the form values and the chosen materials. */
export interface NewMinorTreatment {
  serviceId: string;
  patientName: string;
  description: string;
  materials: readonly { id: number; quantity: number }[];
}

export interface MinorTreatmentPage {
  rows: LocalMinorTreatment[];
  total: number;
}

// ---- Reads (hooks wrap these in useLiveQuery) ----

/** One page of all minor treatments on the device, newest first, straight from the index. */
export async function listMinorTreatmentPage(db: SaniDokDb, offset: number, limit: number): Promise<MinorTreatmentPage> {
  const [rows, total] = await Promise.all([
    db.minorTreatments.orderBy('createdAt').reverse().offset(offset).limit(limit).toArray(),
    db.minorTreatments.count(),
  ]);
  return { rows, total };
}

/** The Bagatellen of one service, newest first. */
export async function listServiceMinorTreatments(db: SaniDokDb, serviceId: string): Promise<LocalMinorTreatment[]> {
  const rows = await db.minorTreatments.where('serviceId').equals(serviceId).sortBy('createdAt');
  return rows.reverse();
}

// ---- Writes ----

/**
 * Records a Bagatelle: the treatment row, one usage row per material and the outbox row, in ONE
 * Dexie transaction (see writeMutation). Never waits for the network; returns the new id once
 * the transaction has committed. Validation uses the shared contract (the server's schema with
 * the ids required), so what the device accepts the server accepts too.
 */
export async function createMinorTreatment(input: NewMinorTreatment): Promise<string> {
  const db = activeDatabase();
  const args = syncMutations['minorTreatment.create'].schema.parse({
    id: uuidv7(),
    serviceId: input.serviceId,
    patientName: input.patientName,
    description: input.description,
    materials: input.materials.map((m) => ({ id: m.id, quantity: m.quantity, usageId: uuidv7() })),
    createdAt: new Date().toISOString(),
  });
  await writeMutation(db, 'minorTreatment.create', async (tx) => {
    await requireCaptureService(tx, args.serviceId);
    return args;
  });
  return args.id;
}
