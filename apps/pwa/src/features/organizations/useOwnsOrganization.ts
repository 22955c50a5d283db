import { useOrganizations } from './queries';

/**
 * Whether the signed-in user owns at least one organisation; gates the Patientenarchiv entry
 * (docs/spec/accounts.md §2). Reads the organisation list without polling of its own: the organisations page
 * polls and creating an organisation updates the same cache entry. A failed read means "no".
 */
export function useOwnsOrganization(): boolean {
  const { data } = useOrganizations({ poll: false });
  return data?.some((o) => o.role === 'owner') ?? false;
}
