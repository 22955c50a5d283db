import { okReply, sessionListReply } from '@sanidok/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../api/client';

const sessionsKey = ['sessions', 'own'] as const;

/** GET /api/sessions: one's signed-in browsers and devices (apps/sync-server/src/routes/api/sessions.ts). */
export function useOwnSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => apiGet('/api/sessions', sessionListReply, signal) });
}

/** Ending another session, or reporting its device lost; both online, the list reloaded after. */
export function useSessionActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsKey });
  return {
    end: useMutation({ mutationFn: (id: string) => apiSend('DELETE', `/api/sessions/${encodeURIComponent(id)}`, undefined, okReply), onSuccess: refresh }),
    reportLost: useMutation({ mutationFn: (id: string) => apiSend('POST', `/api/sessions/${encodeURIComponent(id)}/lost`, undefined, okReply), onSuccess: refresh }),
  };
}
