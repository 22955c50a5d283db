import { boardStatusReply } from '@sanidok/schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiGet } from '../../api/client';
import { requestManualSync } from '../../sync/syncSession';

/**
 * The board's live link (docs/sync-protocol.md "Board events"): an EventSource on
 * `/api/services/{id}/events`. An event carries no data, only "changed up to version V": the board
 * then asks the sync engine to pull (team filtering stays in the pull) and re-reads the team's
 * device status. The browser reconnects by itself with `Last-Event-ID`; after a refusal (signed
 * out, removed) it tries again every 15 s.
 */

export type LiveState = 'connecting' | 'live' | 'offline';

const retryAfterRefusalMs = 15_000;

export const boardStatusKey = (serviceId: string) => ['board', serviceId] as const;

export function useBoardLive(serviceId: string): LiveState {
  const queryClient = useQueryClient();
  // Without EventSource (old browsers, jsdom) the board is never live: it still shows the device's data.
  const [state, setState] = useState<LiveState>(() => (typeof EventSource === 'undefined' ? 'offline' : 'connecting'));
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      source = new EventSource(`/api/services/${encodeURIComponent(serviceId)}/events`);
      source.onopen = () => setState('live');
      source.addEventListener('change', () => {
        requestManualSync();
        void queryClient.invalidateQueries({ queryKey: boardStatusKey(serviceId) });
      });
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED) {
          // Refused (not 200): the browser gives up; so do we, for a while.
          source.close();
          setState('offline');
          retry = setTimeout(connect, retryAfterRefusalMs);
        } else setState('connecting');
      };
    };
    connect();
    return () => {
      if (retry) clearTimeout(retry);
      source?.close();
    };
  }, [serviceId, queryClient]);
  return state;
}

/** GET /api/services/{id}/board: the team's devices (only the server knows them); kept from the last answer while offline. */
export function useBoardStatus(serviceId: string) {
  return useQuery({
    queryKey: boardStatusKey(serviceId),
    queryFn: ({ signal }) => apiGet(`/api/services/${encodeURIComponent(serviceId)}/board`, boardStatusReply, signal),
    refetchInterval: 30_000,
    retry: false,
  });
}
