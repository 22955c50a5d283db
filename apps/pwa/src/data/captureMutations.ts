import type { LocalMaterialUsage } from './db';
import type { MutationDefinitions, UsedMaterialArgs } from './mutationTypes';

/**
 * Local effects of the capture mutations (docs/spec/services.md: minor treatments and material consumption).
 * The server twins are 'minorTreatment.create', 'materialUsage.add' and 'materialUsage.refill'
 * in apps/sync-server/src/domain/sync/registry.ts; their args are those of the shared contract
 * (packages/schema/src/syncMutations.ts). All three are insert-only or set-only, so
 * re-applying them after a pull is harmless (docs/sync-protocol.md, Conflicts).
 */

/**
 * The "entity" of manual additions and refills is a service's consumption list: one key per
 * service, so pending refills are re-applied when pulled usage rows of that service arrive, and
 * the Materialverbrauch tab can mark its pending state. Never collides with a UUID.
 */
export function usageListKey(serviceId: string): string {
  return `usage:${serviceId}`;
}

/** Usage rows for the chosen materials; `existing` = what bulkGet found for their ids. */
function missingUsage(
  items: readonly UsedMaterialArgs[],
  existing: readonly (LocalMaterialUsage | undefined)[],
  base: Pick<LocalMaterialUsage, 'serviceId' | 'organizationId' | 'source' | 'sourceId' | 'usedAt'>,
): LocalMaterialUsage[] {
  // A row already there (the server's copy) is never overwritten.
  return items
    .filter((_, index) => existing[index] === undefined)
    .map((item) => ({ ...base, id: item.usageId, materialId: item.id, quantity: item.quantity, refilledAt: null }));
}

export const captureMutations: MutationDefinitions<'minorTreatment.create' | 'materialUsage.add' | 'materialUsage.refill'> = {
  'minorTreatment.create': {
    entityId: (args) => args.id,
    async apply(tx, args, ctx) {
      // All reads in one go: requests of a transaction are pipelined, not waited for one by one.
      const usageIds = args.materials.map((m) => m.usageId);
      const [existing, service, catalogue, usage] = await Promise.all([
        tx.minorTreatments.get(args.id),
        tx.services.get(args.serviceId),
        tx.materials.bulkGet(args.materials.map((m) => m.id)),
        tx.materialUsage.bulkGet(usageIds),
      ]);
      // Already there: either the server's copy (the push went through) or the first apply.
      if (existing || !service) return;
      const rows = missingUsage(args.materials, usage, {
        serviceId: service.id, organizationId: service.organizationId, source: 'minor_treatment', sourceId: args.id, usedAt: args.createdAt,
      });
      await Promise.all([
        tx.minorTreatments.put({
          id: args.id,
          serviceId: service.id,
          serviceName: service.name,
          organizationId: service.organizationId,
          patientName: args.patientName,
          description: args.description,
          treatedById: ctx.userId,
          createdAt: args.createdAt,
          date: args.createdAt,
          materials: args.materials.map((m, i) => ({ materialId: m.id, name: catalogue[i]?.name ?? '', quantity: m.quantity })),
          enteredInError: null,
        }),
        rows.length ? tx.materialUsage.bulkPut(rows) : undefined,
      ]);
    },
    async revert(tx, args) {
      await tx.minorTreatments.delete(args.id);
      await tx.materialUsage.bulkDelete(args.materials.map((m) => m.usageId));
    },
  },
  'materialUsage.add': {
    entityId: (args) => usageListKey(args.serviceId),
    async apply(tx, args) {
      const [service, usage] = await Promise.all([tx.services.get(args.serviceId), tx.materialUsage.bulkGet(args.materials.map((m) => m.usageId))]);
      if (!service) return;
      const rows = missingUsage(args.materials, usage, { serviceId: service.id, organizationId: service.organizationId, source: args.source, sourceId: null, usedAt: args.usedAt });
      if (rows.length) await tx.materialUsage.bulkPut(rows);
    },
    async revert(tx, args) {
      await tx.materialUsage.bulkDelete(args.materials.map((m) => m.usageId));
    },
  },
  'materialUsage.refill': {
    entityId: (args) => usageListKey(args.serviceId),
    async apply(tx, args, ctx) {
      // Sets a time on rows still open; rows refilled meanwhile keep theirs (idempotent).
      const rows = await tx.materialUsage.bulkGet(args.usageIds);
      const open = rows.filter(
        (row): row is LocalMaterialUsage =>
          row !== undefined && row.refilledAt === null && row.serviceId === args.serviceId && (args.materialId === undefined || row.materialId === args.materialId),
      );
      if (open.length) await tx.materialUsage.bulkPut(open.map((row) => ({ ...row, refilledAt: ctx.at })));
    },
    // No revert: a refusal makes the engine pull everything again, which reopens the rows.
  },
};
