import type { Service } from '@sanidok/schema';
import type { ServiceRefusal } from '@sanidok/schema';
import { createServiceSchema, deletionRefusal, periodRefusal, serviceIdSchema, serviceRuleMessages, statusChangeRefusal, updateServiceSchema } from '@sanidok/schema';
import { insertRow } from '../../db/compiledInsert';
import type { Db } from '../../db/connection';
import type { ServiceRow } from '../../db/database';
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
  ...serviceRuleMessages,
} as const;

/** A refusal of the shared rules (packages/schema serviceRules.ts, mirrored on the device) as the server's answer. */
function refuse(refusal: ServiceRefusal | null): void {
  if (refusal === null) return;
  const message = serviceRuleMessages[refusal];
  throw refusal === 'endBeforeStart' ? new AppError(400, 'VALIDATION', message, { endDate: message }) : conflict(message);
}

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
    // The creator is on the team from the start (docs/decisions.md "Service teams").
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
    refuse(periodRefusal(service, data));
    const { id: _id, baseVersion, organizationId: _moved, reviewed, ...fields } = data;
    await applyFieldUpdate(trx, ctx.user.id, service, fields, baseVersion, reviewed === true);
    // A later end can bring the service back into its patient-data window: the team's devices,
    // which purged that data, get it again (domain/serviceTeams/membership.ts).
    if (data.endDate !== undefined && data.endDate !== service.endDate) await resendServiceData(trx, service.id);
    return loadService(trx, service.id);
  });
}

/** Work in the status change's transaction, after its checks and before the status is written. */
export type BeforeStatusChange = (trx: Db, service: ServiceRow) => Promise<unknown>;

async function setStatus(ctx: CommandContext, input: unknown, status: 'archived' | 'completed', before?: BeforeStatusChange): Promise<Service> {
  const { id } = validate(serviceIdSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { service, organization } = await authorizeServiceManagement(trx, id, ctx.user);
    refuse(statusChangeRefusal(service, status));
    await before?.(trx, service);
    await trx.updateTable('services').set({ status, updatedAt: nowIso(), version: await nextVersion(trx) }).where('id', '=', id).execute();
    // Queued in this transaction, sent after the commit (domain/mail/outbox.ts).
    if (service.status !== status) await mailServiceStatus(trx, service, organization.name, status);
    return loadService(trx, id);
  });
}

/**
 * Archiving, with the sealing of the service's open protocols as `sealOpenProtocols` (this area may
 * not import protocols, which imports it): the command is `archiveService` in
 * domain/protocols/archiving.ts, one transaction for both.
 */
export const archiveServiceSealing = (ctx: CommandContext, input: unknown, sealOpenProtocols: BeforeStatusChange) =>
  setStatus(ctx, input, 'archived', sealOpenProtocols);
export const completeService = (ctx: CommandContext, input: unknown) => setStatus(ctx, input, 'completed');

export async function deleteService(ctx: CommandContext, input: unknown): Promise<{ ok: true }> {
  const { id } = validate(serviceIdSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { service } = await authorizeServiceManagement(trx, id, ctx.user);
    // Patient documentation must be kept; deleting would cascade it away (docs/decisions.md).
    const protocol = await trx.selectFrom('patientProtocols').select('id').where('serviceId', '=', id).executeTakeFirst();
    refuse(deletionRefusal(protocol !== undefined));
    await removeWholeTeam(trx, service);
    await trx.deleteFrom('services').where('id', '=', id).execute();
    await writeTombstone(trx, 'service', id, service.organizationId);
    return { ok: true as const };
  });
}
