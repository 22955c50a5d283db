import type {
  AdminBlockInput,
  AdminDeleteResult,
  AdminOrganization,
  AdminService,
  AdminUser,
  BetaCodeGenerateInput,
  BetaCodeItem,
  BetaModeResponse,
  EmailConfigurationInput,
  EmailConfigurationItem,
  EmailConnectionTestInput,
  EmailTemplateInput,
  EmailTemplateItem,
} from '@sanidok/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../api/client';
import { sessionKeys } from '../../api/session';
import type { AdminListName } from './queries';
import { adminKeys } from './queries';

// Online actions of this feature (TanStack Query's useMutation). 'Mutation' in file names means
// the sync mutations of the data layer only (data/mutations.ts); online writes live in actions.ts.

/** After a write the affected lists and the summary are read again (docs/spec/accounts.md §7). */
function useRefresh() {
  const queryClient = useQueryClient();
  return (...keys: (readonly unknown[])[]) => Promise.all([adminKeys.summary, ...keys].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

const entityPaths: Record<AdminListName, string> = { users: '/api/admin/users', organizations: '/api/admin/organizations', services: '/api/admin/services' };

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ userId, newPassword }: { userId: number; newPassword: string }) =>
      apiSend<{ ok: true }>('POST', `/api/admin/users/${userId}/reset-password`, { newPassword }),
  });
}

type BlockResult = AdminUser | AdminOrganization | AdminService;

export function useSetBlocked(list: AdminListName) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: AdminBlockInput & { id: number | string }) =>
      apiSend<BlockResult>('PATCH', `${entityPaths[list]}/${encodeURIComponent(id)}/block`, input),
    // A blocked organisation locks its services too: every table may change.
    onSettled: () => refresh(adminKeys.listAll('users'), adminKeys.listAll('organizations'), adminKeys.listAll('services')),
  });
}

export function useDeleteEntity(list: AdminListName) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, confirmName }: { id: number | string; confirmName?: string }) =>
      apiSend<AdminDeleteResult | { ok: true }>('DELETE', `${entityPaths[list]}/${encodeURIComponent(id)}`, confirmName === undefined ? undefined : { confirmName }),
    onSettled: () => refresh(adminKeys.listAll('users'), adminKeys.listAll('organizations'), adminKeys.listAll('services')),
  });
}

export function useSetBetaMode() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (enabled: boolean) => apiSend<BetaModeResponse>('POST', '/api/admin/beta-mode', { enabled }),
    // The registration form asks the public beta-mode call: its cached answer changes too.
    onSettled: () => refresh(adminKeys.betaMode, sessionKeys.betaMode),
  });
}

export function useGenerateBetaCode() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: BetaCodeGenerateInput) => apiSend<BetaCodeItem>('POST', '/api/admin/beta-codes/generate', input),
    onSettled: () => refresh(adminKeys.betaCodes),
  });
}

export function useToggleBetaCode() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => apiSend<BetaCodeItem>('PATCH', `/api/admin/beta-codes/${id}/toggle`, { isActive }),
    onSettled: () => refresh(adminKeys.betaCodes),
  });
}

export function useSaveEmailConfiguration() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: Partial<EmailConfigurationInput> & { id?: number }) =>
      id === undefined
        ? apiSend<EmailConfigurationItem>('POST', '/api/admin/email-configurations', input)
        : apiSend<EmailConfigurationItem>('PATCH', `/api/admin/email-configurations/${id}`, input),
    onSettled: () => refresh(adminKeys.emailConfigurations),
  });
}

export function useDeleteEmailConfiguration() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiSend<{ ok: true }>('DELETE', `/api/admin/email-configurations/${id}`),
    onSettled: () => refresh(adminKeys.emailConfigurations),
  });
}

export function useTestEmailConnection() {
  return useMutation({
    mutationFn: (input: EmailConnectionTestInput) => apiSend<{ ok: true; message: string }>('POST', '/api/admin/test-email', input),
  });
}

export function useSendTestEmail() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ configId, email }: { configId: number; email: string }) =>
      apiSend<{ ok: true; message: string }>('POST', `/api/admin/email-configurations/${configId}/send-test`, { email }),
    onSettled: () => refresh(adminKeys.emailLogs),
  });
}

export function useSaveEmailTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: Partial<EmailTemplateInput> & { id?: number }) =>
      id === undefined
        ? apiSend<EmailTemplateItem>('POST', '/api/admin/email-templates', input)
        : apiSend<EmailTemplateItem>('PATCH', `/api/admin/email-templates/${id}`, input),
    onSettled: () => refresh(adminKeys.emailTemplates),
  });
}

export function useDeleteEmailTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiSend<{ ok: true }>('DELETE', `/api/admin/email-templates/${id}`),
    onSettled: () => refresh(adminKeys.emailTemplates),
  });
}
