import type { Service } from '@sanidok/schema';
import type { LocalService } from './db';
import type { DataTables, MutationDefinitions } from './mutationTypes';

/**
 * Local effects of the service mutations (docs/spec/services.md §3–§5). Server twins: the commands in
 * apps/sync-server/src/domain/sync/registry.ts.
 */

export type ServiceEditableField = 'name' | 'description' | 'location' | 'startDate' | 'endDate' | 'accessCode';
export const serviceEditableFields: readonly ServiceEditableField[] = ['name', 'description', 'location', 'startDate', 'endDate', 'accessCode'];

const byId = (args: { id: string }) => args.id;

async function setServiceStatus(tx: DataTables, id: string, status: Service['status'], at: string): Promise<void> {
  await tx.services.update(id, { status, updatedAt: at });
}

/** Protocols of deleted services go with them, and so do their patient data, vitals and entries. */
export async function deleteServiceProtocols(tx: DataTables, serviceIds: readonly string[]): Promise<void> {
  if (serviceIds.length === 0) return;
  await deleteProtocolRecords(tx, await tx.protocols.where('serviceId').anyOf(serviceIds).primaryKeys());
}

/** Protocols with their patient data, vital signs and treatment entries (a service's, or expired ones: docs/deletion.md). */
export async function deleteProtocolRecords(tx: DataTables, ids: string[]): Promise<void> {
  await Promise.all([
    tx.protocols.bulkDelete(ids),
    tx.patientData.bulkDelete(ids),
    tx.vitalRecords.where('protocolId').anyOf(ids).delete(),
    tx.treatmentEntries.where('protocolId').anyOf(ids).delete(),
    tx.recordRevisions.where('protocolId').anyOf(ids).delete(),
  ]);
}

export const serviceMutations: MutationDefinitions<'service.create' | 'service.update' | 'service.archive' | 'service.complete' | 'service.delete'> = {
  'service.create': {
    entityId: byId,
    async apply(tx, args, ctx) {
      // A row already there came from the server (the push went through, its reply was lost):
      // the server's copy is the truth.
      if (await tx.services.get(args.id)) return;
      // No rows for organisations the device does not hold (purged after a removal); the server
      // rejects the create and the indicator shows why.
      const organization = await tx.organizations.get(args.organizationId);
      if (!organization) return;
      await tx.services.put({
        id: args.id,
        name: args.name,
        description: args.description,
        location: args.location,
        startDate: args.startDate,
        endDate: args.endDate,
        organizationId: args.organizationId,
        organizationName: organization.name,
        createdById: ctx.userId,
        createdByName: ctx.userName || null,
        createdAt: ctx.at,
        updatedAt: ctx.at,
        status: 'active',
        isBlocked: false,
        accessCode: null,
        version: 0,
      });
    },
    async revert(tx, args) {
      await tx.services.delete(args.id);
    },
  },
  'service.update': {
    entityId: byId,
    async apply(tx, args, ctx) {
      const current = await tx.services.get(args.id);
      if (!current) return;
      const changes: Partial<LocalService> = {};
      for (const field of serviceEditableFields) {
        if (field in args && args[field] !== current[field]) Object.assign(changes, { [field]: args[field] });
      }
      // The server may flag it again (a conflict the user has not seen yet); the pull tells.
      if (args.reviewed && current.needsReview) changes.needsReview = false;
      // Nothing changes: the server writes no new version either (domain/services/fieldUpdate.ts),
      // so no pull would bring its time back; a local time here would stay for good (found by
      // test/integration/syncProperty.test.ts, seed 1500416236).
      if (Object.keys(changes).length === 0) return;
      await tx.services.update(args.id, { ...changes, updatedAt: ctx.at });
    },
  },
  'service.archive': {
    entityId: byId,
    apply: (tx, args, ctx) => setServiceStatus(tx, args.id, 'archived', ctx.at),
  },
  'service.complete': {
    entityId: byId,
    apply: (tx, args, ctx) => setServiceStatus(tx, args.id, 'completed', ctx.at),
  },
  'service.delete': {
    entityId: byId,
    async apply(tx, args) {
      await tx.services.delete(args.id);
      // The server cascades to the service's treatments and consumption; so does the device.
      await tx.minorTreatments.where('serviceId').equals(args.id).delete();
      await tx.materialUsage.where('serviceId').equals(args.id).delete();
      await deleteServiceProtocols(tx, [args.id]);
    },
  },
};
