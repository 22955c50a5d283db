import type { ManvPerson } from '@sanidok/schema';
import type { LocalManvPatient } from './db';
import type { MutationDefinitions } from './mutationTypes';

/**
 * Local effects of the MANV mutations. Server twins: apps/sync-server/src/domain/manv/
 * commands.ts. Each sets values (idempotent); a triage event is only ever added, never changed.
 */

type ManvNames = 'manvIncident.open' | 'manvIncident.update' | 'manvPatient.register' | 'manvPatient.update' | 'manvTriage.record' | 'manvTransport.record';

/** The person fields sent (the schema's output holds only the keys the device sent). */
function personPatch(person: Partial<ManvPerson> | undefined): Partial<LocalManvPatient> {
  return { ...person };
}

export const manvMutations: MutationDefinitions<ManvNames> = {
  'manvIncident.open': {
    entityId: (args) => args.id,
    async apply(tx, args, ctx) {
      if (await tx.manvIncidents.get(args.id)) return;
      const service = await tx.services.get(args.serviceId);
      if (!service) return;
      await tx.manvIncidents.put({
        id: args.id, serviceId: service.id, organizationId: service.organizationId, name: args.name, startedAt: args.startedAt, endedAt: null,
        blueEnabled: args.blueEnabled, createdById: ctx.userId,
      });
    },
    async revert(tx, args) {
      await tx.manvIncidents.delete(args.id);
    },
  },
  'manvIncident.update': {
    entityId: (args) => args.id,
    async apply(tx, args) {
      const { id, ...changes } = args;
      await tx.manvIncidents.update(id, changes);
    },
  },
  'manvPatient.register': {
    entityId: (args) => args.id,
    async apply(tx, args, ctx) {
      const incident = await tx.manvIncidents.get(args.incidentId);
      if (!incident) return;
      const place = { incidentId: incident.id, serviceId: incident.serviceId, organizationId: incident.organizationId };
      if (!(await tx.manvPatients.get(args.id))) {
        await tx.manvPatients.put({
          id: args.id, ...place, tagNumber: args.tagNumber, createdAt: args.createdAt, createdById: ctx.userId, treatmentArea: args.treatmentArea,
          name: null, sex: null, estimatedAge: null, diagnosis: null, ...personPatch(args.person), duplicateOf: null, protocolId: null, transport: null,
        });
      }
      if (args.triage && !(await tx.manvTriages.get(args.triage.id))) {
        await tx.manvTriages.put({ ...args.triage, patientId: args.id, ...place, triagedById: ctx.userId, triagedByName: ctx.userName || null });
      }
    },
    async revert(tx, args) {
      await tx.manvPatients.delete(args.id);
      if (args.triage) await tx.manvTriages.delete(args.triage.id);
    },
  },
  'manvPatient.update': {
    entityId: (args) => args.id,
    async apply(tx, args) {
      const { id, person, ...changes } = args;
      await tx.manvPatients.update(id, { ...changes, ...personPatch(person) });
    },
  },
  'manvTriage.record': {
    entityId: (args) => args.id,
    async apply(tx, args, ctx) {
      if (await tx.manvTriages.get(args.id)) return;
      const patient = await tx.manvPatients.get(args.patientId);
      if (!patient) return;
      await tx.manvTriages.put({
        ...args, incidentId: patient.incidentId, serviceId: patient.serviceId, organizationId: patient.organizationId, triagedById: ctx.userId,
        triagedByName: ctx.userName || null,
      });
    },
    async revert(tx, args) {
      await tx.manvTriages.delete(args.id);
    },
  },
  'manvTransport.record': {
    entityId: (args) => args.patientId,
    async apply(tx, args) {
      const { patientId, ...transport } = args;
      await tx.manvPatients.update(patientId, { transport });
    },
  },
};
