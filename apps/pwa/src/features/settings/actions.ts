import type { ChangePasswordInput, ConfirmTotpSetupInput, StartTotpSetupInput, TotpProofInput } from '@sanidok/schema';
import { recoveryCodesReply, totpSetupReply } from '@sanidok/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../api/client';
import { sessionKeys } from '../../api/session';

// Online actions of this feature (TanStack Query's useMutation). 'Mutation' in file names means
// the sync mutations of the data layer only (data/mutations.ts); online writes live in actions.ts.

/** POST /api/change-password {currentPassword, newPassword} (docs/spec/accounts.md §7). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiSend('POST', '/api/change-password', input),
  });
}

/** Two-factor sign-in (docs/security.md "Two factors"); every call online, each answer checked with the shared reply schema. */
export function useTwoFactorActions() {
  const queryClient = useQueryClient();
  const refreshUser = () => queryClient.invalidateQueries({ queryKey: sessionKeys.user });
  return {
    start: useMutation({ mutationFn: (input: StartTotpSetupInput) => apiSend('POST', '/api/account/totp/setup', input, totpSetupReply) }),
    confirm: useMutation({
      mutationFn: (input: ConfirmTotpSetupInput) => apiSend('POST', '/api/account/totp/confirm', input, recoveryCodesReply),
      onSuccess: refreshUser,
    }),
    disable: useMutation({ mutationFn: (input: TotpProofInput) => apiSend('POST', '/api/account/totp/disable', input), onSuccess: refreshUser }),
    regenerate: useMutation({ mutationFn: (input: TotpProofInput) => apiSend('POST', '/api/account/totp/recovery-codes', input, recoveryCodesReply) }),
  };
}
