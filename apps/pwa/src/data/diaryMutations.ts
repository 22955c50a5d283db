import type { MutationDefinitions } from './mutationTypes';

/**
 * Local effect of the diary mutation. Server twin: createDiaryEntry in
 * apps/sync-server/src/domain/diary/commands.ts. Insert-only, so it never conflicts.
 */
export const diaryMutations: MutationDefinitions<'diaryEntry.create'> = {
  'diaryEntry.create': {
    entityId: (args) => args.id,
    async apply(tx, args, ctx) {
      // A row already there came from the server: its copy is the truth.
      if (await tx.diaryEntries.get(args.id)) return;
      const service = await tx.services.get(args.serviceId);
      if (!service) return;
      await tx.diaryEntries.put({
        id: args.id, serviceId: args.serviceId, organizationId: service.organizationId, text: args.text, occurredAt: args.occurredAt,
        authorId: ctx.userId, authorName: ctx.userName || null, createdAt: ctx.at,
      });
    },
    async revert(tx, args) {
      await tx.diaryEntries.delete(args.id);
    },
  },
};
