import type {
  AdminOrganization,
  AdminService,
  AdminSummary,
  AdminUser,
  ArchiveAccessFailureItem,
  BetaCodeItem,
  BetaCodeUsageItem,
  BetaModeResponse,
  EmailConfigurationItem,
  EmailLogItem,
  EmailTemplateItem,
} from '@sanidok/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client';

/** Polling of docs/spec/accounts.md §9: admin lists 10 s, e-mail configurations and templates 15 s, usage and logs 30 s. */
export const adminPollIntervals = {
  lists: 10_000,
  emailSetup: 15_000,
  usageAndLogs: 30_000,
} as const;

export type AdminListName = 'users' | 'organizations' | 'services';

export const adminKeys = {
  all: ['admin'] as const,
  summary: ['admin', 'summary'] as const,
  list: (name: AdminListName, search: string) => ['admin', name, search] as const,
  listAll: (name: AdminListName) => ['admin', name] as const,
  archiveFailures: ['admin', 'archive-failures'] as const,
  betaMode: ['admin', 'beta-mode'] as const,
  betaCodes: ['admin', 'beta-codes'] as const,
  betaUsage: ['admin', 'beta-code-usage'] as const,
  emailConfigurations: ['admin', 'email-configurations'] as const,
  emailTemplates: ['admin', 'email-templates'] as const,
  emailLogs: ['admin', 'email-logs'] as const,
};

const withSearch = (path: string, search: string) => (search.trim() ? `${path}?search=${encodeURIComponent(search.trim())}` : path);

export function useAdminSummary() {
  return useQuery({
    queryKey: adminKeys.summary,
    queryFn: ({ signal }) => apiGet<AdminSummary>('/api/admin/summary', signal),
    refetchInterval: adminPollIntervals.lists,
  });
}

/** The three searchable tables; the search runs on the server, the previous rows stay while typing. */
function useAdminList<T>(name: AdminListName, search: string) {
  return useQuery({
    queryKey: adminKeys.list(name, search.trim()),
    queryFn: ({ signal }) => apiGet<T[]>(withSearch(`/api/admin/${name}`, search), signal),
    refetchInterval: adminPollIntervals.lists,
    placeholderData: keepPreviousData,
  });
}

export const useAdminUsers = (search: string) => useAdminList<AdminUser>('users', search);
export const useAdminOrganizations = (search: string) => useAdminList<AdminOrganization>('organizations', search);
export const useAdminServices = (search: string) => useAdminList<AdminService>('services', search);

export function useArchiveFailures() {
  return useQuery({
    queryKey: adminKeys.archiveFailures,
    queryFn: ({ signal }) => apiGet<ArchiveAccessFailureItem[]>('/api/admin/archive-access-failures', signal),
    refetchInterval: adminPollIntervals.lists,
  });
}

export function useAdminBetaMode() {
  return useQuery({
    queryKey: adminKeys.betaMode,
    queryFn: ({ signal }) => apiGet<BetaModeResponse>('/api/admin/beta-mode', signal),
    refetchInterval: adminPollIntervals.lists,
  });
}

export function useBetaCodes() {
  return useQuery({
    queryKey: adminKeys.betaCodes,
    queryFn: ({ signal }) => apiGet<BetaCodeItem[]>('/api/admin/beta-codes', signal),
    refetchInterval: adminPollIntervals.lists,
  });
}

export function useBetaCodeUsage() {
  return useQuery({
    queryKey: adminKeys.betaUsage,
    queryFn: ({ signal }) => apiGet<BetaCodeUsageItem[]>('/api/admin/beta-code-usage', signal),
    refetchInterval: adminPollIntervals.usageAndLogs,
  });
}

export function useEmailConfigurations() {
  return useQuery({
    queryKey: adminKeys.emailConfigurations,
    queryFn: ({ signal }) => apiGet<EmailConfigurationItem[]>('/api/admin/email-configurations', signal),
    refetchInterval: adminPollIntervals.emailSetup,
  });
}

export function useEmailTemplates() {
  return useQuery({
    queryKey: adminKeys.emailTemplates,
    queryFn: ({ signal }) => apiGet<EmailTemplateItem[]>('/api/admin/email-templates', signal),
    refetchInterval: adminPollIntervals.emailSetup,
  });
}

export function useEmailLogs() {
  return useQuery({
    queryKey: adminKeys.emailLogs,
    queryFn: ({ signal }) => apiGet<EmailLogItem[]>('/api/admin/email-logs', signal),
    refetchInterval: adminPollIntervals.usageAndLogs,
  });
}
