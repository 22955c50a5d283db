import type { ChangePasswordInput } from '@sanidok/schema';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../api/client';

// Online actions of this feature (TanStack Query's useMutation). 'Mutation' in file names means
// the sync mutations of the data layer only (data/mutations.ts); online writes live in actions.ts.

/** POST /api/change-password {currentPassword, newPassword} (docs/spec/accounts.md §7). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiSend('POST', '/api/change-password', input),
  });
}
