import { captureRefusal, deletionRefusal, mayManageServices, serviceWriteRefusal, periodRefusal, statusChangeRefusal, syncMutations, updateServiceSchema } from '@sanidok/schema';
import type { CreateServiceInput, ServiceRefusal, UpdateServiceInput } from '@sanidok/schema';
import type { LocalService, SaniDokDb } from '../db';
import { activeDatabase } from '../db';
import type { MutationArgs } from '../mutationTypes';
import { writeMutation } from '../outbox';
import { serviceEditableFields } from '../serviceMutations';
import { uuidv7 } from '../uuid';

/**
 * Why a local write cannot be made. The screens word each code (src/lib/localWriteErrors.ts):
 * src/data never holds user-facing text.
 */
export type LocalWriteErrorCode =
  /** The service to edit is not on this device. */
  | 'serviceNotFound'
  /** The protocol's clinical part is not on this device (off the team, past the window): editing it would overwrite unseen values. */
  | 'clinicalWithheld'
  /** The service to record on (a treatment, consumption, a protocol) is not on this device. */
  | 'targetServiceNotFound'
  | 'organizationUnknown'
  | 'organizationBlocked'
  | 'serviceBlocked'
  | 'serviceArchived'
  | 'protocolNotFound'
  | 'protocolClosed'
  | 'noVitalValues'
  /** The entry to mark "irrtümlich" is not on this device. */
  | 'entryNotFound'
  /** Treatment templates are maintained by owner and admins only. */
  | 'templatesNotAllowed'
  | 'templateNotFound'
  /** A preset material is not (or no longer) in the organisation's catalogue. */
  | 'templateMaterialUnknown'
  /** MANV: opening, changing, ending an incident is for owner and admins. */
  | 'manvNotAllowed'
  | 'manvIncidentNotFound'
  | 'manvPatientNotFound'
  /** The tag number is already registered in this incident on this device. */
  | 'manvTagExists'
  /** SK IV is switched off for this incident. */
  | 'manvBlueDisabled'
  /** A refusal of the shared service rules (packages/schema serviceRules.ts), e.g. 'serviceHasProtocols'. */
  | ServiceRefusalCode;

export type ServiceRefusalCode = `service${Capitalize<ServiceRefusal>}`;

function throwServiceRefusal(refusal: ServiceRefusal | null): void {
  if (refusal !== null) throw new LocalWriteError(`service${refusal.charAt(0).toUpperCase()}${refusal.slice(1)}` as ServiceRefusalCode);
}

/** A local write that cannot be made (unknown row, organisation not on this device, blocked, closed). */
export class LocalWriteError extends Error {
  override readonly name = 'LocalWriteError';

  constructor(readonly code: LocalWriteErrorCode) {
    super(code);
  }
}

/** The server's planning rule (services/access.ts authorizeServiceManagement): role, then 423 for a blocked organisation. */
async function requireServicePlanning(db: SaniDokDb, organizationId: number): Promise<void> {
  const organization = await db.organizations.get(organizationId);
  if (!organization) throw new LocalWriteError('organizationUnknown');
  throwServiceRefusal(mayManageServices(organization.role) ? null : 'notAllowed');
  if (organization.isBlocked) throw new LocalWriteError('organizationBlocked');
}

/** A service this user may plan, known here and not blocked. */
async function requireService(db: SaniDokDb, id: string): Promise<LocalService> {
  const service = await db.services.get(id);
  if (!service) throw new LocalWriteError('serviceNotFound');
  await requireServicePlanning(db, service.organizationId);
  if (service.isBlocked) throw new LocalWriteError('serviceBlocked');
  return service;
}

/** A service known here, under the given rule of packages/schema captureRule.ts. */
async function requireServiceUnder(db: SaniDokDb, serviceId: string, rule: typeof captureRefusal): Promise<LocalService> {
  // The organisations table holds a handful of rows: read with the service, in one round trip.
  const [service, organizations] = await Promise.all([db.services.get(serviceId), db.organizations.toArray()]);
  const organization = service && organizations.find((o) => o.id === service.organizationId);
  if (!service || !organization) throw new LocalWriteError('targetServiceNotFound');
  const refusal = rule(organization, service);
  if (refusal) throw new LocalWriteError(refusal);
  return service;
}

/** A service known here and not blocked (423 on the server); archived ones pass (a discharge may still seal). */
export function requireWritableService(db: SaniDokDb, serviceId: string): Promise<LocalService> {
  return requireServiceUnder(db, serviceId, serviceWriteRefusal);
}

/**
 * Refuses on the device what the server would refuse for a new record on a service (423 blocked,
 * 409 archived), so the medic learns it while the input is still on screen instead of from a
 * rejection later.
 */
export function requireCaptureService(db: SaniDokDb, serviceId: string): Promise<LocalService> {
  return requireServiceUnder(db, serviceId, captureRefusal);
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
  const args = syncMutations['service.create'].schema.parse({ ...input, id: uuidv7() });
  await writeMutation(db, 'service.create', async (tx) => {
    await requireServicePlanning(tx, args.organizationId);
    return args;
  });
  return args.id;
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
    throwServiceRefusal(periodRefusal(current, parsed));
    const args: MutationArgs['service.update'] = { id, baseVersion: current.version };
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

/** The rule of each by-id change, after the planning rights (the same functions the server's commands call). */
const byIdRules = {
  'service.archive': (_tx: SaniDokDb, service: LocalService) => statusChangeRefusal(service, 'archived'),
  'service.complete': (_tx: SaniDokDb, service: LocalService) => statusChangeRefusal(service, 'completed'),
  // Every protocol of the organisation syncs to every member, and a protocol made here is in the table at once.
  'service.delete': async (tx: SaniDokDb, service: LocalService) => deletionRefusal((await tx.protocols.where('serviceId').equals(service.id).count()) > 0),
} as const;

function byIdMutation(name: keyof typeof byIdRules) {
  return async (id: string): Promise<void> => {
    const db = activeDatabase();
    await writeMutation(db, name, async (tx) => {
      const service = await requireService(tx, id);
      throwServiceRefusal(await byIdRules[name](tx, service));
      return { id };
    });
  };
}

export const archiveService = byIdMutation('service.archive');
export const completeService = byIdMutation('service.complete');
export const deleteService = byIdMutation('service.delete');
