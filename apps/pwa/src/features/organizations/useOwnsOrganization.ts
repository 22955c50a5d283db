/**
 * Whether the signed-in user owns at least one organisation; gates the Patientenarchiv entry
 * (spec 1 §2). Organisations do not exist in the client yet, so nobody owns one; the
 * organisations feature replaces this with a read from its repository.
 */
export function useOwnsOrganization(): boolean {
  return false;
}
