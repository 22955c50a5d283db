import type { OperatorDetails, OperatorDetailsResponse } from '@sanidok/schema';
import { operatorDetailsReply } from '@sanidok/schema';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { apiGet } from '../../api/client';

/**
 * The operator of the installation for the legal pages (GET /api/legal/operator, public). The
 * last answer is kept in localStorage, so Impressum and Datenschutz show it offline too.
 */

const storageKey = 'sanidok-operator-details';
export const operatorDetailsKey = ['legal', 'operator'] as const;

function stored(): OperatorDetailsResponse | undefined {
  try {
    const raw = globalThis.localStorage.getItem(storageKey);
    return raw ? operatorDetailsReply.parse(JSON.parse(raw)) : undefined;
  } catch {
    return undefined;
  }
}

async function fetchOperatorDetails(signal: AbortSignal): Promise<OperatorDetailsResponse> {
  const reply = await apiGet('/api/legal/operator', operatorDetailsReply, signal);
  try {
    globalThis.localStorage.setItem(storageKey, JSON.stringify(reply));
  } catch {
    // A full or blocked storage only costs the offline copy.
  }
  return reply;
}

export function useOperatorDetails(): { operator: OperatorDetails | null; loaded: boolean } {
  const query = useQuery({
    queryKey: operatorDetailsKey,
    queryFn: ({ signal }) => fetchOperatorDetails(signal),
    initialData: stored,
    // The stored copy is shown at once and refreshed in the background.
    initialDataUpdatedAt: 0,
    retry: false,
  });
  return { operator: query.data?.operator ?? null, loaded: query.data !== undefined };
}

/** Provided by the legal page, read by every text token of it. */
export const OperatorDetailsContext = createContext<OperatorDetails | null>(null);
export const useOperatorOfPage = () => useContext(OperatorDetailsContext);
