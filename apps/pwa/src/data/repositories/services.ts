import { createServiceSchema, updateServiceSchema } from '@sanidok/schema';
import type { CreateServiceInput, UpdateServiceInput } from '@sanidok/schema';
import { syncDe } from '../../i18n/sync.de';
import type { LocalService, SaniDokDb } from '../db';
import { activeDatabase } from '../db';
import type { ServiceUpdateArgs } from '../mutations';
import { serviceEditableFields } from '../mutations';
import { writeMutation } from '../outbox';
import { uuidv7 } from '../uuid';

/** A local write that cannot be made (unknown row, organisation not on this device). */
export class LocalWriteError extends Error {
  override readonly name = 'LocalWriteError';
}

async function requireService(db: SaniDokDb, id: string): Promise<LocalService> {
  const service = await db.services.get(id);
  if (!service) throw new LocalWriteError(syncDe.errors.serviceNotFound);
  return service;
}

/** Dates compare as instants: the server may spell the same time differently (Z vs +02:00). */
function sameValue(field: string, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((field === 'startDate' || field === 'endDate') && typeof a === 'string' && typeof b === 'string') return Date.parse(a) === Date.parse(b);
  return false;
}

// ---- Reads (hooks wrap these in useLiveQuery) ----

/** Newest start first, as the service list shows them. */
export async function listServices(db: SaniDokDb, organizationId?: number): Promise<LocalService[]> {
  const rows =
    organizationId === undefined ? await db.services.orderBy('startDate').toArray() : await db.services.where('organizationId').equals(organizationId).sortBy('startDate');
  return rows.reverse();
}

export function getService(db: SaniDokDb, id: string): Promise<LocalService | undefined> {
  return db.services.get(id);
}

// ---- Writes: each one row change plus its outbox row in one transaction (see writeMutation) ----

/** Creates a service with an id made here (UUIDv7) and returns that id at once, offline or not. */
export async function createService(input: Omit<CreateServiceInput, 'id'>): Promise<string> {
  const db = activeDatabase();
  const parsed = createServiceSchema.parse({ ...input, id: uuidv7() });
  const id = parsed.id ?? uuidv7();
  await writeMutation(db, 'service.create', async (tx) => {
    if (!(await tx.organizations.get(parsed.organizationId))) throw new LocalWriteError(syncDe.errors.organizationUnknown);
    return { ...parsed, id };
  });
  return id;
}

/**
 * Field-wise update: only fields whose value differs from the stored row travel, with the row's
 * version as `baseVersion` (the server's conflict detection). Returns false when nothing changed,
 * in which case nothing is queued.
 */
export async function updateService(id: string, changes: Omit<UpdateServiceInput, 'id' | 'baseVersion' | 'organizationId'>): Promise<boolean> {
  const db = activeDatabase();
  const parsed = updateServiceSchema.parse({ ...changes, id });
  const row = await writeMutation(db, 'service.update', async (tx) => {
    const current = await requireService(tx, id);
    const args: ServiceUpdateArgs = { id, baseVersion: current.version };
    let changed = false;
    for (const field of serviceEditableFields) {
      const value = parsed[field];
      if (value === undefined || sameValue(field, value, current[field])) continue;
      Object.assign(args, { [field]: value });
      changed = true;
    }
    return changed ? args : null;
  });
  return row !== null;
}

/** 'Angaben geprüft' after a concurrent edit: the notice goes, on every device after sync. */
export async function markServiceReviewed(id: string): Promise<void> {
  await writeMutation(activeDatabase(), 'service.update', async (tx) => {
    const current = await requireService(tx, id);
    return current.needsReview ? { id, baseVersion: current.version, reviewed: true } : null;
  });
}

function byIdMutation(name: 'service.archive' | 'service.complete' | 'service.delete') {
  return async (id: string): Promise<void> => {
    const db = activeDatabase();
    await writeMutation(db, name, async (tx) => {
      await requireService(tx, id);
      return { id };
    });
  };
}

export const archiveService = byIdMutation('service.archive');
export const completeService = byIdMutation('service.complete');
export const deleteService = byIdMutation('service.delete');
