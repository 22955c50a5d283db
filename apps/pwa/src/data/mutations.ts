import type { createServiceSchema, Service } from '@sanidok/schema';
import type { Table } from 'dexie';
import type { z } from 'zod';
import type { MaterialUsageAddArgs, MaterialUsageRefillArgs, MinorTreatmentCreateArgs } from './captureMutations';
import { captureMutations } from './captureMutations';
import type {
  LocalMaterial, LocalMaterialUsage, LocalMinorTreatment, LocalOrganization, LocalPatientData, LocalProtocol, LocalService, LocalTreatmentEntry, LocalVitalRecord,
} from './db';
import type {
  AccessLogRecordArgs, ProtocolCreateArgs, ProtocolDischargeArgs, ProtocolUpdateArgs, TreatmentEntryAddArgs, VitalsRecordArgs,
} from './protocolMutations';
import { protocolMutations } from './protocolMutations';

/**
 * The device half of the mutation registry (docs/sync-protocol.md): every name here has a twin on
 * the server (apps/sync-server/src/domain/sync/registry.ts) that validates and runs the command.
 * `apply` is the optimistic local effect. It runs at the local write and again after every pull
 * page that touched the entity, so it must be idempotent (set values, never increment).
 */

/** The tables a mutation may touch. Called inside the caller's Dexie transaction. */
export interface DataTables {
  services: Table<LocalService, string>;
  organizations: Table<LocalOrganization, number>;
  materials: Table<LocalMaterial, number>;
  minorTreatments: Table<LocalMinorTreatment, string>;
  materialUsage: Table<LocalMaterialUsage, string>;
  protocols: Table<LocalProtocol, string>;
  patientData: Table<LocalPatientData, string>;
  vitalRecords: Table<LocalVitalRecord, string>;
  treatmentEntries: Table<LocalTreatmentEntry, string>;
}

export interface ApplyContext {
  /** Device time of the original write, so a re-apply stamps the same time. */
  at: string;
  userId: number;
  userName: string;
}

export interface MutationDefinition<A> {
  entityId(args: A): string;
  apply(tx: DataTables, args: A, ctx: ApplyContext): Promise<void>;
  /**
   * Undoes the local effect of a rejected mutation. Only creates have one: the server never had the
   * row, so deleting it is the whole truth. Other rejections make the engine pull everything again,
   * which restores the server's row (a full re-pull is rare and cheap next to guessing a revert).
   */
  revert?(tx: DataTables, args: A): Promise<void>;
}

export type ServiceCreateArgs = z.output<typeof createServiceSchema> & { id: string };

export type ServiceEditableField = 'name' | 'description' | 'location' | 'startDate' | 'endDate' | 'accessCode';
export const serviceEditableFields: readonly ServiceEditableField[] = ['name', 'description', 'location', 'startDate', 'endDate', 'accessCode'];

/** Only the changed fields travel, with the version of the row the device edited. */
export type ServiceUpdateArgs = { id: string; baseVersion: number; reviewed?: true } & Partial<Pick<Service, ServiceEditableField>>;

export interface EntityIdArgs {
  id: string;
}

export interface MutationArgs {
  'service.create': ServiceCreateArgs;
  'service.update': ServiceUpdateArgs;
  'service.archive': EntityIdArgs;
  'service.complete': EntityIdArgs;
  'service.delete': EntityIdArgs;
  'minorTreatment.create': MinorTreatmentCreateArgs;
  'materialUsage.add': MaterialUsageAddArgs;
  'materialUsage.refill': MaterialUsageRefillArgs;
  'protocol.create': ProtocolCreateArgs;
  'protocol.update': ProtocolUpdateArgs;
  'protocol.discharge': ProtocolDischargeArgs;
  'vitals.record': VitalsRecordArgs;
  'treatmentEntry.add': TreatmentEntryAddArgs;
  'accessLog.record': AccessLogRecordArgs;
}
export type MutationName = keyof MutationArgs;

const byId = (args: EntityIdArgs) => args.id;

async function setServiceStatus(tx: DataTables, id: string, status: Service['status'], at: string): Promise<void> {
  await tx.services.update(id, { status, updatedAt: at });
}

export const mutations: { [N in MutationName]: MutationDefinition<MutationArgs[N]> } = {
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
      const changes: Partial<LocalService> = { updatedAt: ctx.at };
      for (const field of serviceEditableFields) {
        if (field in args) Object.assign(changes, { [field]: args[field] });
      }
      // The server may flag it again (a conflict the user has not seen yet); the pull tells.
      if (args.reviewed) changes.needsReview = false;
      await tx.services.update(args.id, changes);
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
  ...captureMutations,
  ...protocolMutations,
};

/** Protocols of deleted services go with them, and so do their patient data, vitals and entries. */
export async function deleteServiceProtocols(tx: DataTables, serviceIds: readonly string[]): Promise<void> {
  if (serviceIds.length === 0) return;
  const ids = (await tx.protocols.where('serviceId').anyOf(serviceIds).primaryKeys()) as string[];
  await Promise.all([
    tx.protocols.bulkDelete(ids),
    tx.patientData.bulkDelete(ids),
    tx.vitalRecords.where('protocolId').anyOf(ids).delete(),
    tx.treatmentEntries.where('protocolId').anyOf(ids).delete(),
  ]);
}

/** Looks a stored name up; an outbox row written by another app version may name an unknown one. */
export function mutationDefinition(name: string): MutationDefinition<unknown> | undefined {
  return Object.hasOwn(mutations, name) ? (mutations[name as MutationName] as MutationDefinition<unknown>) : undefined;
}
