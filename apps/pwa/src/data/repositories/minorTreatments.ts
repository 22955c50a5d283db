import { createMinorTreatmentSchema } from '@sanidok/schema';
import { minorTreatmentsDe } from '../../i18n/minorTreatments.de';
import type { MinorTreatmentCreateArgs } from '../captureMutations';
import type { LocalMinorTreatment, LocalService, SaniDokDb } from '../db';
import { activeDatabase } from '../db';
import { writeMutation } from '../outbox';
import { uuidv7 } from '../uuid';
import { LocalWriteError } from './services';

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

/**
 * Refuses on the device what the server would refuse (423 blocked, 409 archived), so the medic
 * learns it while the input is still on screen instead of from a rejection later.
 */
export async function requireCaptureService(db: SaniDokDb, serviceId: string): Promise<LocalService> {
  const service = await requireWritableService(db, serviceId);
  if (service.status === 'archived') throw new LocalWriteError(minorTreatmentsDe.errors.serviceArchived);
  return service;
}

/** A service known here and not blocked (423 on the server); archived ones pass (a discharge may still seal). */
export async function requireWritableService(db: SaniDokDb, serviceId: string): Promise<LocalService> {
  // The organisations table holds a handful of rows: read with the service, in one round trip.
  const [service, organizations] = await Promise.all([db.services.get(serviceId), db.organizations.toArray()]);
  const organization = service && organizations.find((o) => o.id === service.organizationId);
  if (!service || !organization) throw new LocalWriteError(minorTreatmentsDe.usedPage.notFound);
  if (organization.isBlocked) throw new LocalWriteError(minorTreatmentsDe.errors.organizationBlocked);
  if (service.isBlocked) throw new LocalWriteError(minorTreatmentsDe.errors.serviceBlocked);
  return service;
}

// ---- Writes ----

/**
 * Records a Bagatelle: the treatment row, one usage row per material and the outbox row, in ONE
 * Dexie transaction (see writeMutation). Never waits for the network; returns the new id once
 * the transaction has committed. Validation uses the server's schema, so what the device accepts
 * the server accepts too.
 */
export async function createMinorTreatment(input: NewMinorTreatment): Promise<string> {
  const db = activeDatabase();
  const createdAt = new Date().toISOString();
  const parsed = createMinorTreatmentSchema.parse({
    id: uuidv7(),
    serviceId: input.serviceId,
    patientName: input.patientName,
    description: input.description,
    materials: input.materials.map((m) => ({ id: m.id, quantity: m.quantity, usageId: uuidv7() })),
    createdAt,
  });
  const args: MinorTreatmentCreateArgs = {
    id: parsed.id ?? uuidv7(),
    serviceId: parsed.serviceId,
    patientName: parsed.patientName,
    description: parsed.description,
    materials: parsed.materials.map((m) => ({ id: m.id, quantity: m.quantity, usageId: m.usageId ?? uuidv7() })),
    createdAt: parsed.createdAt ?? createdAt,
  };
  await writeMutation(db, 'minorTreatment.create', async (tx) => {
    await requireCaptureService(tx, args.serviceId);
    return args;
  });
  return args.id;
}
