import { useOrganizations as useSyncedOrganizations } from '../../data/hooks';
import { useOrganizations } from './queries';

/**
 * Whether the signed-in user owns at least one organisation; gates the Patientenarchiv entry
 * (docs/spec/accounts.md §2). Reads the server's list without polling of its own (the organisations page polls
 * and creating an organisation updates the same cache entry). Until that list has answered — and when it
 * cannot, because the app started offline — the organisation list of the last pull on the device decides
 * (an owner who starts offline keeps the entry).
 */
export function useOwnsOrganization(): boolean {
  const { data } = useOrganizations({ poll: false });
  const synced = useSyncedOrganizations();
  return (data ?? synced ?? []).some((o) => o.role === 'owner');
}
