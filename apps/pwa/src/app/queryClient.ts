import { MutationCache, QueryClient } from '@tanstack/react-query';
import { clearErrorShownBefore } from '../lib/notify';

/**
 * docs/spec/accounts.md §7 "shared read behaviour": data is never stale by itself, no automatic retries, no
 * refetch on window focus. Screens that poll set refetchInterval themselves.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // An error toast of an earlier try does not outlive a later success (lib/notify.ts).
    mutationCache: new MutationCache({ onSuccess: (_data, _variables, _context, mutation) => clearErrorShownBefore(mutation.state.submittedAt) }),
    defaultOptions: {
      queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
