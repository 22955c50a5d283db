import type { ProfileInput } from '@sanidok/schema';
import { publicUserReply } from '@sanidok/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../api/client';
import { rememberUser } from '../../api/lastUser';
import { sessionKeys } from '../../api/session';

// Online actions of this feature (TanStack Query's useMutation). 'Mutation' in file names means
// the sync mutations of the data layer only (data/mutations.ts); online writes live in actions.ts.

/** PATCH /api/profile {fullName, email}; the answer replaces the cached current user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiSend('PATCH', '/api/profile', input, publicUserReply),
    onSuccess: (user) => {
      queryClient.setQueryData(sessionKeys.user, user);
      rememberUser(user);
    },
  });
}
