import type { LoginInput, PublicUser, RegisterInput } from '@sanidok/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markDeviceLost } from './deviceLost';
import { forgetSessionHints, mayHaveSession } from './sessionHint';
import { ApiError, apiGet, apiRequest, apiSend, parseReply, unexpectedReplyStatus } from './client';
import { readLastUser, rememberUser } from './lastUser';

/** The reply schemas, out of the entry chunk (see sessionReplies.ts). */
const sessionReplies = () => import('./sessionReplies');

export const sessionKeys = {
  user: ['session', 'user'] as const,
  betaMode: ['session', 'beta-mode'] as const,
};

/**
 * GET /api/user. 401 (or any other refusal) means "no user", not an error (docs/spec/accounts.md §4). When the
 * server cannot be reached, the last confirmed user keeps the app usable offline. Without any hint
 * of a session the server is not asked at all (api/sessionHint.ts).
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<PublicUser | null> {
  if (!mayHaveSession()) return null;
  // The request and the reply schema's chunk (zod, the larger download) start together: the
  // signed-in frame and the lock screen wait for the user, and the request no longer queues
  // behind the chunk (docs/benchmarks.md part 5). The schema chunk may not load
  // (offline before the service worker cached it, an old deploy): as with an unreachable server,
  // the last confirmed user keeps the app usable.
  const replies = sessionReplies().catch(() => undefined);
  try {
    const answer = await apiRequest<unknown>('/api/user', { signal });
    const schemas = await replies;
    if (!schemas) return readLastUser();
    const user = parseReply('/api/user', schemas.publicUserReply, answer);
    rememberUser(user);
    return user;
  } catch (error) {
    // A reply of another server version (already logged by parseReply) is no sign-out either.
    const unreachable = error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === unexpectedReplyStatus);
    if (unreachable) return readLastUser();
    if (error instanceof ApiError) {
      // Reported lost: the engine runs once more for the last user, to push the outbox before it
      // wipes the device (api/deviceLost.ts); the hints go as on any ended session.
      const last = error.code === 'DEVICE_LOST' ? readLastUser() : null;
      if (last) markDeviceLost({ id: last.id, name: last.fullName || last.username });
      forgetSessionHints();
      return null;
    }
    throw error;
  }
}

export function useCurrentUser(): { user: PublicUser | null; isLoading: boolean } {
  const query = useQuery({ queryKey: sessionKeys.user, queryFn: ({ signal }) => fetchCurrentUser(signal) });
  return { user: query.data ?? null, isLoading: query.isPending };
}

/** Replaces whatever the previous user had cached with the new session's user. */
function useStoreSignedInUser() {
  const queryClient = useQueryClient();
  return (user: PublicUser) => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    queryClient.setQueryData(sessionKeys.user, user);
    rememberUser(user);
  };
}

export function useLogin() {
  const store = useStoreSignedInUser();
  return useMutation({
    mutationFn: async (input: LoginInput) => apiSend('POST', '/api/login', input, (await sessionReplies()).publicUserReply),
    onSuccess: store,
  });
}

export function useRegister() {
  const store = useStoreSignedInUser();
  return useMutation({
    mutationFn: async (input: RegisterInput) => apiSend('POST', '/api/register', input, (await sessionReplies()).publicUserReply),
    onSuccess: store,
  });
}

/** GET /api/beta-mode; any failure counts as "off" and shows nothing (docs/spec/accounts.md §8). */
export function useBetaMode(): boolean {
  const query = useQuery({
    queryKey: sessionKeys.betaMode,
    queryFn: async ({ signal }) => {
      try {
        // Checked with the reply schema: anything but a boolean lands in the catch, beta mode stays off.
        const { betaModeReply } = await sessionReplies();
        const body = await apiGet('/api/beta-mode', betaModeReply, signal);
        return body.betaModeEnabled;
      } catch {
        return false;
      }
    },
  });
  return query.data ?? false;
}
