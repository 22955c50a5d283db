/** Where the main calls to action lead (docs/spec/accounts.md §2): the dashboard with a session, else sign-in. */
export function entryPath(signedIn: boolean): '/dashboard' | '/auth' {
  return signedIn ? '/dashboard' : '/auth';
}

/** Anchor ids of the landing sections; the top bar links to them (docs/spec/accounts.md §2). */
export const landingSectionIds = {
  features: 'features',
  workflows: 'workflows',
  security: 'security',
} as const;
