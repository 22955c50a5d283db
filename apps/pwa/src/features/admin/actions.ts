import type {
  AdminBlockInput,
  AdminDeleteResult,
  AdminOrganization,
  AdminService,
  AdminUser,
  BetaCodeGenerateInput,
  EmailConfigurationInput,
  EmailConnectionTestInput,
  EmailTemplateInput,
  OperatorDetailsInput,
} from '@sanidok/schema';
import {
  adminAlertReply,
  adminDeleteReply,
  adminOrganizationReply,
  adminServiceReply,
  adminUserReply,
  betaCodeReply,
  betaModeReply,
  emailConfigurationReply,
  emailTemplateReply,
  okMessageReply,
  operatorDetailsReply,
  okReply,
} from '@sanidok/schema';
import type { ZodType } from 'zod';
import { z } from 'zod';
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

export function useMarkAlertRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend('PATCH', `/api/admin/alerts/${id}/read`, undefined, adminAlertReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.alerts }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ userId, newPassword }: { userId: number; newPassword: string }) =>
      apiSend('POST', `/api/admin/users/${userId}/reset-password`, { newPassword }, okReply),
  });
}

type BlockResult = AdminUser | AdminOrganization | AdminService;

/** The reply of a block per table: the changed row. */
const blockReplies: Record<AdminListName, ZodType<BlockResult>> = {
  users: adminUserReply,
  organizations: adminOrganizationReply,
  services: adminServiceReply,
};

/** Deleting an organisation answers with what went with it; a user or a service with `{ok: true}`. */
const deleteReply: ZodType<AdminDeleteResult | { ok: true }> = z.union([adminDeleteReply, okReply]);

export function useSetBlocked(list: AdminListName) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: AdminBlockInput & { id: number | string }) =>
      apiSend('PATCH', `${entityPaths[list]}/${encodeURIComponent(id)}/block`, input, blockReplies[list]),
    // A blocked organisation locks its services too: every table may change.
    onSettled: () => refresh(adminKeys.listAll('users'), adminKeys.listAll('organizations'), adminKeys.listAll('services')),
  });
}

export function useDeleteEntity(list: AdminListName) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, confirmName }: { id: number | string; confirmName?: string }) =>
      apiSend('DELETE', `${entityPaths[list]}/${encodeURIComponent(id)}`, confirmName === undefined ? undefined : { confirmName }, deleteReply),
    onSettled: () => refresh(adminKeys.listAll('users'), adminKeys.listAll('organizations'), adminKeys.listAll('services')),
  });
}

export function useSetBetaMode() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (enabled: boolean) => apiSend('POST', '/api/admin/beta-mode', { enabled }, betaModeReply),
    // The registration form asks the public beta-mode call: its cached answer changes too.
    onSettled: () => refresh(adminKeys.betaMode, sessionKeys.betaMode),
  });
}

export function useGenerateBetaCode() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: BetaCodeGenerateInput) => apiSend('POST', '/api/admin/beta-codes/generate', input, betaCodeReply),
    onSettled: () => refresh(adminKeys.betaCodes),
  });
}

export function useToggleBetaCode() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => apiSend('PATCH', `/api/admin/beta-codes/${id}/toggle`, { isActive }, betaCodeReply),
    onSettled: () => refresh(adminKeys.betaCodes),
  });
}

export function useSaveEmailConfiguration() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: Partial<EmailConfigurationInput> & { id?: number }) =>
      id === undefined
        ? apiSend('POST', '/api/admin/email-configurations', input, emailConfigurationReply)
        : apiSend('PATCH', `/api/admin/email-configurations/${id}`, input, emailConfigurationReply),
    onSettled: () => refresh(adminKeys.emailConfigurations),
  });
}

export function useDeleteEmailConfiguration() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiSend('DELETE', `/api/admin/email-configurations/${id}`, undefined, okReply),
    onSettled: () => refresh(adminKeys.emailConfigurations),
  });
}

export function useTestEmailConnection() {
  return useMutation({
    mutationFn: (input: EmailConnectionTestInput) => apiSend('POST', '/api/admin/test-email', input, okMessageReply),
  });
}

export function useSendTestEmail() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ configId, email }: { configId: number; email: string }) =>
      apiSend('POST', `/api/admin/email-configurations/${configId}/send-test`, { email }, okMessageReply),
    onSettled: () => refresh(adminKeys.emailLogs),
  });
}

export function useSaveEmailTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: Partial<EmailTemplateInput> & { id?: number }) =>
      id === undefined
        ? apiSend('POST', '/api/admin/email-templates', input, emailTemplateReply)
        : apiSend('PATCH', `/api/admin/email-templates/${id}`, input, emailTemplateReply),
    onSettled: () => refresh(adminKeys.emailTemplates),
  });
}

export function useDeleteEmailTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiSend('DELETE', `/api/admin/email-templates/${id}`, undefined, okReply),
    onSettled: () => refresh(adminKeys.emailTemplates),
  });
}

/** 'Angaben speichern' of the operator tab; the public legal pages read the same details. */
export function useSaveOperatorDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OperatorDetailsInput) => apiSend('PUT', '/api/admin/operator-details', input, operatorDetailsReply),
    onSuccess: (reply) => {
      queryClient.setQueryData(adminKeys.operatorDetails, reply);
      void queryClient.invalidateQueries({ queryKey: ['legal'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog });
    },
  });
}
