import type { EnteredInError } from '@sanidok/schema';
import type { MutationArgs, MutationDefinitions } from './mutationTypes';

/**
 * Local effects of the "irrtümlich" marks (docs/decisions.md "Every change kept (§ 630f BGB)"):
 * the entry stays and carries the mark; nothing is deleted. Server twins in
 * apps/sync-server/src/domain/sync/registry.ts. Setting the same mark again is harmless, so the
 * apply runs again after a pull. No revert: a refusal makes the engine pull everything again,
 * which brings back the server's row.
 */

type MarkName = 'vitals.markInError' | 'treatmentEntry.markInError' | 'minorTreatment.markInError';

const mark = (args: MutationArgs[MarkName], byId: number): EnteredInError => ({ at: args.markedAt, reason: args.reason, byId });

export const markMutations: MutationDefinitions<MarkName> = {
  'vitals.markInError': {
    entityId: (args) => args.id,
    async apply(tx, args, ctx) {
      await tx.vitalRecords.update(args.id, { enteredInError: mark(args, ctx.userId) });
    },
  },
  'treatmentEntry.markInError': {
    entityId: (args) => args.id,
    async apply(tx, args, ctx) {
      await tx.treatmentEntries.update(args.id, { enteredInError: mark(args, ctx.userId) });
    },
  },
  'minorTreatment.markInError': {
    entityId: (args) => args.id,
    async apply(tx, args, ctx) {
      await tx.minorTreatments.update(args.id, { enteredInError: mark(args, ctx.userId) });
    },
  },
};
