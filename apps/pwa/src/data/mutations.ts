import { isSyncMutationName } from '@sanidok/schema';
import { captureMutations } from './captureMutations';
import { diaryMutations } from './diaryMutations';
import { manvMutations } from './manvMutations';
import { markMutations } from './markMutations';
import type { MutationDefinition, MutationDefinitions, MutationName } from './mutationTypes';
import { protocolMutations } from './protocolMutations';
import { serviceMutations } from './serviceMutations';
import { templateMutations } from './templateMutations';

/**
 * The device half of the mutation registry (docs/sync-protocol.md): one definition per name of the
 * shared contract (packages/schema/src/syncMutations.ts), whose server twin
 * (apps/sync-server/src/domain/sync/registry.ts) validates and runs the command. A name of the
 * contract without a definition here is a compile error.
 * `apply` is the optimistic local effect. It runs at the local write and again after every pull
 * page that touched the entity, so it must be idempotent (set values, never increment).
 */
export const mutations: MutationDefinitions<MutationName> = {
  ...serviceMutations,
  ...captureMutations,
  ...protocolMutations,
  ...templateMutations,
  ...diaryMutations,
  ...manvMutations,
  ...markMutations,
};

/** Looks a stored name up; an outbox row written by another app version may name an unknown one. */
export function mutationDefinition(name: string): MutationDefinition<unknown> | undefined {
  return isSyncMutationName(name) ? mutations[name] : undefined;
}
