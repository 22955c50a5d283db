import type { ChangePasswordInput } from '@sanidok/schema';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../api/client';

/** POST /api/change-password {currentPassword, newPassword} (spec 1 §7). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiSend<unknown>('POST', '/api/change-password', input),
  });
}
