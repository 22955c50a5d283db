import type { Service } from '@sanidok/schema';
import { canArchive, createServiceSchema, serviceIdSchema, serviceMessages, updateServiceSchema } from '@sanidok/schema';
import { insertRow } from '../../db/compiledInsert';
import type { CommandContext } from '../context';
import { AppError, conflict, isUniqueViolation, validate } from '../errors';
import { mailServiceStatus } from '../mail/events';
import { authorize } from '../organizations/policy';
import { nextVersion, writeTombstone } from '../versions';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';
import { insertCreator, removeWholeTeam, resendServiceData } from '../serviceTeams/membership';
import { authorizeServiceManagement } from './access';
import { applyFieldUpdate } from './fieldUpdate';
import { loadService } from './queries';
import { newAccessCode } from './team';

export const serviceCommandMessages = {
  exists: 'Diesen Sanitätsdienst gibt es bereits.',
  archiveOnlyEnded: 'Nur beendete Sanitätsdienste können archiviert werden.',
  alreadyArchived: 'Dieser Sanitätsdienst ist bereits archiviert.',
  hasProtocols: 'Dieser Sanitätsdienst enthält Patientenprotokolle und kann nicht gelöscht werden. Bitte archivieren Sie ihn nach dem Ende.',
} as const;

/** Creates a service with the id the device chose (or a new one for REST callers without id). */
export async function createService(ctx: CommandContext, input: unknown): Promise<Service> {
  const data = validate(createServiceSchema, input);
  const { organization } = await authorize(ctx.db, data.organizationId, ctx.user, 'manageServices');
  const id = data.id ?? globalThis.crypto.randomUUID();
  return inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    const row = {
      id, organizationId: organization.id, name: data.name, description: data.description, location: data.location,
      startDate: data.startDate, endDate: data.endDate, status: 'active' as const, isBlocked: 0, accessCode: newAccessCode(),
      createdById: ctx.user.id, createdAt: now, updatedAt: now, version: await nextVersion(trx), fieldVersions: '{}', needsReview: 0,
    };
    try {
      await insertRow(trx, 'services', row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(serviceCommandMessages.exists);
      throw error;
    }
    // The creator is on the team from the start (issue 14; docs/decisions.md "Service teams").
    await insertCreator(trx, row, ctx.user.id);
    // Built from what was written, not read back: creation is the hot path of a sync push. Spelled
    // out: object rest/spread costs V8 a slow generic copy (≈ 5 µs per mutation).
    return {
      id, organizationId: row.organizationId, name: row.name, description: row.description, location: row.location, startDate: row.startDate,
      endDate: row.endDate, status: row.status, isBlocked: organization.isBlocked === 1, accessCode: row.accessCode, createdById: row.createdById,
      createdAt: now, updatedAt: now, version: row.version, organizationName: organization.name, createdByName: ctx.user.fullName ?? ctx.user.username,
    };
  });
}

/** Field-wise update: only the fields sent change; see fieldUpdate.ts for concurrent edits. */
export async function updateService(ctx: CommandContext, input: unknown): Promise<Service> {
  const data = validate(updateServiceSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { service } = await authorizeServiceManagement(trx, data.id, ctx.user);
    const start = data.startDate ?? service.startDate;
    const end = data.endDate ?? service.endDate;
    if (Date.parse(end) < Date.parse(start)) {
      throw new AppError(400, 'VALIDATION', serviceMessages.endAfterStartEdit, { endDate: serviceMessages.endAfterStartEdit });
    }
    const { id: _id, baseVersion, organizationId: _moved, reviewed, ...fields } = data;
    await applyFieldUpdate(trx, ctx.user.id, service, fields, baseVersion, reviewed === true);
    // A later end can bring the service back into its patient-data window: the team's devices,
    // which purged that data, get it again (domain/serviceTeams/membership.ts).
    if (data.endDate !== undefined && data.endDate !== service.endDate) await resendServiceData(trx, service.id);
    return loadService(trx, service.id);
  });
}

async function setStatus(ctx: CommandContext, input: unknown, status: 'archived' | 'completed'): Promise<Service> {
  const { id } = validate(serviceIdSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { service, organization } = await authorizeServiceManagement(trx, id, ctx.user);
    if (service.status === 'archived') throw conflict(serviceCommandMessages.alreadyArchived);
    if (status === 'archived' && !canArchive(service)) throw conflict(serviceCommandMessages.archiveOnlyEnded);
    await trx.updateTable('services').set({ status, updatedAt: nowIso(), version: await nextVersion(trx) }).where('id', '=', id).execute();
    // Queued in this transaction, sent after the commit (domain/mail/outbox.ts).
    if (service.status !== status) await mailServiceStatus(trx, service, organization.name, status);
    return loadService(trx, id);
  });
}

export const archiveService = (ctx: CommandContext, input: unknown) => setStatus(ctx, input, 'archived');
export const completeService = (ctx: CommandContext, input: unknown) => setStatus(ctx, input, 'completed');

export async function deleteService(ctx: CommandContext, input: unknown): Promise<{ ok: true }> {
  const { id } = validate(serviceIdSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { service } = await authorizeServiceManagement(trx, id, ctx.user);
    // Patient documentation must be kept; deleting would cascade it away (docs/decisions.md).
    const protocol = await trx.selectFrom('patientProtocols').select('id').where('serviceId', '=', id).executeTakeFirst();
    if (protocol) throw conflict(serviceCommandMessages.hasProtocols);
    await removeWholeTeam(trx, service);
    await trx.deleteFrom('services').where('id', '=', id).execute();
    await writeTombstone(trx, 'service', id, service.organizationId);
    return { ok: true as const };
  });
}
