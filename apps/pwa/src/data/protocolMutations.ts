import type { PatientData, ProtocolClinicalField } from '@sanidok/schema';
import { protocolClinicalFields } from '@sanidok/schema';
import type { LocalMaterialUsage, LocalPatientData, LocalProtocol } from './db';
import type { DataTables, MutationArgs, MutationDefinitions, UsedMaterialArgs } from './mutationTypes';
import type { LocalChange } from './recordRevisions';
import { recordLocalRevisions } from './recordRevisions';

/**
 * Local effects of the protocol mutations (docs/spec/services.md: patient protocols, vital signs, treatment
 * entries, access logging). Server twins: apps/sync-server/src/domain/sync/registry.ts; args: the
 * shared contract (packages/schema/src/syncMutations.ts). Creates and inserts are skipped when the
 * row is there (server copy or first apply); updates set values; so every apply can run again
 * after a pull (docs/sync-protocol.md, Conflicts).
 */

export type ClinicalValues = { [F in ProtocolClinicalField]: string | null };

/** A change of patient data: a key sent with null clears it (patientDataPatchSchema). */
export type PatientDataChanges = NonNullable<MutationArgs['protocol.update']['patientData']>;

/** Access events change no local row; their own key keeps them apart from the protocol's pending flag. */
export const accessEventKey = (id: string): string => `access:${id}`;

async function usageRowsFor(tx: DataTables, protocol: Pick<LocalProtocol, 'id' | 'serviceId' | 'organizationId'>, items: readonly UsedMaterialArgs[], usedAt: string): Promise<LocalMaterialUsage[]> {
  const existing = await tx.materialUsage.bulkGet(items.map((m) => m.usageId));
  return items
    .filter((_, i) => existing[i] === undefined)
    .map((item) => ({
      id: item.usageId, serviceId: protocol.serviceId, organizationId: protocol.organizationId, materialId: item.id, quantity: item.quantity,
      source: 'patient_protocol', sourceId: protocol.id, usedAt, refilledAt: null,
    }));
}

function mergePatientData(current: Partial<PatientData>, changes: PatientDataChanges): PatientData {
  const merged: Record<string, string | null | undefined> = { ...current, ...changes };
  // Cleared fields are left out, as the server stores them (compactPatientData).
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')) as unknown as PatientData;
}

export const protocolMutations: MutationDefinitions<
  'protocol.create' | 'protocol.update' | 'protocol.discharge' | 'vitals.record' | 'treatmentEntry.add' | 'accessLog.record'
> = {
  'protocol.create': {
    entityId: (args) => args.id,
    async apply(tx, args, ctx) {
      const [existing, service] = await Promise.all([tx.protocols.get(args.id), tx.services.get(args.serviceId)]);
      if (existing || !service) return;
      const clinical = Object.fromEntries(protocolClinicalFields.map((f) => [f, args[f] ?? null])) as ClinicalValues;
      const protocol: LocalProtocol = {
        id: args.id, serviceId: service.id, serviceName: service.name, organizationId: service.organizationId, serviceProtocolNumber: 0, status: 'active',
        ...clinical,
        dischargeStatus: null, dischargeOutcome: null, dischargeDestination: null, handoverTo: null, dischargeComment: null, dischargedById: null, dischargedAt: null,
        treatedById: ctx.userId, createdAt: args.createdAt, updatedAt: args.createdAt, version: 0, needsReview: false,
      };
      const usage = await usageRowsFor(tx, protocol, args.materials, args.createdAt);
      await Promise.all([
        tx.protocols.put(protocol),
        tx.patientData.put({ protocolId: args.id, patientData: args.patientData, version: 0 }),
        usage.length ? tx.materialUsage.bulkPut(usage) : undefined,
      ]);
    },
    async revert(tx, args) {
      await Promise.all([
        tx.protocols.delete(args.id),
        tx.patientData.delete(args.id),
        tx.materialUsage.bulkDelete(args.materials.map((m) => m.usageId)),
        tx.vitalRecords.where('protocolId').equals(args.id).delete(),
        tx.treatmentEntries.where('protocolId').equals(args.id).delete(),
        tx.recordRevisions.where('protocolId').equals(args.id).delete(),
      ]);
    },
  },
  'protocol.update': {
    entityId: (args) => args.id,
    async apply(tx, args, ctx) {
      const [protocol, stored] = await Promise.all([tx.protocols.get(args.id), tx.patientData.get(args.id)]);
      if (!protocol) return;
      const changes: Partial<LocalProtocol> = { updatedAt: ctx.at };
      // The edit in the history at once, offline too (./recordRevisions.ts).
      const revisions: LocalChange[] = [];
      for (const field of protocolClinicalFields) {
        if (!(field in args)) continue;
        Object.assign(changes, { [field]: args[field] ?? null });
        revisions.push({ entity: 'protocol', field, oldValue: protocol[field], newValue: args[field] ?? null });
      }
      // The server may flag it again (a conflict the user has not seen yet); the pull tells.
      if (args.reviewed) changes.needsReview = false;
      const writes: Promise<unknown>[] = [tx.protocols.update(args.id, changes)];
      // Patient data of a discharged protocol is gone from the device: nothing to merge into.
      if (args.patientData && stored) {
        const next: LocalPatientData = { ...stored, patientData: mergePatientData(stored.patientData, args.patientData) };
        writes.push(tx.patientData.put(next));
        const before: Partial<Record<string, unknown>> = { ...stored.patientData };
        for (const [field, value] of Object.entries(args.patientData)) revisions.push({ entity: 'patientData', field, oldValue: before[field], newValue: value });
      }
      writes.push(recordLocalRevisions(tx, protocol, revisions, ctx));
      if (args.materials?.length) {
        const usage = await usageRowsFor(tx, protocol, args.materials, args.updatedAt);
        if (usage.length) writes.push(tx.materialUsage.bulkPut(usage));
      }
      await Promise.all(writes);
    },
  },
  'protocol.discharge': {
    entityId: (args) => args.id,
    async apply(tx, args, ctx) {
      await tx.protocols.update(args.id, {
        status: 'discharged', dischargeStatus: args.dischargeStatus, dischargeOutcome: args.dischargeOutcome ?? null, dischargeDestination: args.dischargeDestination, handoverTo: args.handoverTo,
        dischargeComment: args.dischargeComment, dischargedAt: args.dischargedAt, dischargedById: ctx.userId, updatedAt: ctx.at,
      });
      // The local patient data stays until the server confirms (its pull deletes it): the medic
      // can still print the handover sheet while the device is offline.
    },
  },
  'vitals.record': {
    entityId: (args) => args.id,
    async apply(tx, args, ctx) {
      const [existing, protocol] = await Promise.all([tx.vitalRecords.get(args.id), tx.protocols.get(args.protocolId)]);
      if (existing || !protocol) return;
      await tx.vitalRecords.put({
        id: args.id, protocolId: args.protocolId, organizationId: protocol.organizationId, recordedAt: args.recordedAt, recordedById: ctx.userId,
        values: args.values.map((value, index) => ({ ...value, id: `${args.id}:${index}` })),
        enteredInError: null,
      });
    },
    async revert(tx, args) {
      await tx.vitalRecords.delete(args.id);
    },
  },
  'treatmentEntry.add': {
    entityId: (args) => args.id,
    async apply(tx, args, ctx) {
      const [existing, protocol] = await Promise.all([tx.treatmentEntries.get(args.id), tx.protocols.get(args.protocolId)]);
      if (existing || !protocol) return;
      await tx.treatmentEntries.put({ ...args, organizationId: protocol.organizationId, recordedById: ctx.userId, enteredInError: null });
    },
    async revert(tx, args) {
      await tx.treatmentEntries.delete(args.id);
    },
  },
  'accessLog.record': {
    entityId: (args) => accessEventKey(args.id),
    // Written only to be sent: the access log lives on the server (owners read it there).
    apply: () => Promise.resolve(),
  },
};
