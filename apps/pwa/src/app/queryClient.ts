import { QueryClient } from '@tanstack/react-query';

/**
 * docs/spec/accounts.md §7 "shared read behaviour": data is never stale by itself, no automatic retries, no
 * refetch on window focus. Screens that poll set refetchInterval themselves.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
