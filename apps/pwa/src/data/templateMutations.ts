import type { DataTables, MutationDefinitions } from './mutationTypes';

/**
 * Local effects of the treatment-template mutations. Server twins: the commands in
 * apps/sync-server/src/domain/treatmentTemplates/commands.ts. Each sets values (idempotent).
 */

const byId = (args: { id: string }) => args.id;

async function organizationIdOf(tx: DataTables, id: string): Promise<number | undefined> {
  return (await tx.treatmentTemplates.get(id))?.organizationId;
}

export const templateMutations: MutationDefinitions<'treatmentTemplate.create' | 'treatmentTemplate.update' | 'treatmentTemplate.delete'> = {
  'treatmentTemplate.create': {
    entityId: byId,
    async apply(tx, args, ctx) {
      // A row already there came from the server: its copy is the truth.
      if (await tx.treatmentTemplates.get(args.id)) return;
      if (!(await tx.organizations.get(args.organizationId))) return;
      await tx.treatmentTemplates.put({
        id: args.id, organizationId: args.organizationId, name: args.name, description: args.description, materials: args.materials, updatedAt: ctx.at,
      });
    },
    async revert(tx, args) {
      await tx.treatmentTemplates.delete(args.id);
    },
  },
  'treatmentTemplate.update': {
    entityId: byId,
    async apply(tx, args, ctx) {
      // The whole template, as the server stores it (last save wins).
      if ((await organizationIdOf(tx, args.id)) === undefined) return;
      await tx.treatmentTemplates.update(args.id, { name: args.name, description: args.description, materials: args.materials, updatedAt: ctx.at });
    },
  },
  'treatmentTemplate.delete': {
    entityId: byId,
    async apply(tx, args) {
      await tx.treatmentTemplates.delete(args.id);
    },
  },
};
