import { useInvitations } from './queries';

/**
 * Invitations waiting for the signed-in user's answer (GET /api/invitations lists only pending ones), polled
 * every 10 s (docs/spec/accounts.md §9). The navigation and the dashboard show it, not only the
 * organisation page's tab; they share one cache entry, so the poll runs once. Offline or failed: 0.
 */
export function usePendingInvitationCount(): number {
  const { data } = useInvitations();
  return data?.length ?? 0;
}
