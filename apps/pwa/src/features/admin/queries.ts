import {
  adminAlertReply,
  adminOrganizationReply,
  adminServiceReply,
  adminSummaryReply,
  adminUserReply,
  archiveAccessFailureReply,
  betaCodeReply,
  betaCodeUsageReply,
  auditEntryReply,
  betaModeReply,
  operatorDetailsReply,
  emailConfigurationReply,
  emailLogReply,
  emailTemplateReply,
} from '@sanidok/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { z } from 'zod';
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
  alerts: ['admin', 'alerts'] as const,
  betaMode: ['admin', 'beta-mode'] as const,
  operatorDetails: ['admin', 'operator-details'] as const,
  auditLog: ['admin', 'audit-log'] as const,
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
    queryFn: ({ signal }) => apiGet('/api/admin/summary', adminSummaryReply, signal),
    refetchInterval: adminPollIntervals.lists,
  });
}

/** The three searchable tables; the search runs on the server, the previous rows stay while typing. */
function useAdminList<T>(name: AdminListName, search: string, reply: ZodType<T>) {
  return useQuery({
    queryKey: adminKeys.list(name, search.trim()),
    queryFn: ({ signal }) => apiGet(withSearch(`/api/admin/${name}`, search), z.array(reply), signal),
    refetchInterval: adminPollIntervals.lists,
    placeholderData: keepPreviousData,
  });
}

export const useAdminUsers = (search: string) => useAdminList('users', search, adminUserReply);
export const useAdminOrganizations = (search: string) => useAdminList('organizations', search, adminOrganizationReply);
export const useAdminServices = (search: string) => useAdminList('services', search, adminServiceReply);

export function useArchiveFailures() {
  return useQuery({
    queryKey: adminKeys.archiveFailures,
    queryFn: ({ signal }) => apiGet('/api/admin/archive-access-failures', z.array(archiveAccessFailureReply), signal),
    refetchInterval: adminPollIntervals.lists,
  });
}

/** The admins' inbox (archive alerts), polled like the lists. */
export function useAdminAlerts() {
  return useQuery({
    queryKey: adminKeys.alerts,
    queryFn: ({ signal }) => apiGet('/api/admin/alerts', z.array(adminAlertReply), signal),
    refetchInterval: adminPollIntervals.lists,
  });
}

export function useAdminBetaMode() {
  return useQuery({
    queryKey: adminKeys.betaMode,
    queryFn: ({ signal }) => apiGet('/api/admin/beta-mode', betaModeReply, signal),
    refetchInterval: adminPollIntervals.lists,
  });
}

export function useAdminOperatorDetails() {
  return useQuery({ queryKey: adminKeys.operatorDetails, queryFn: ({ signal }) => apiGet('/api/admin/operator-details', operatorDetailsReply, signal) });
}

export function useAuditLog() {
  return useQuery({
    queryKey: adminKeys.auditLog,
    queryFn: ({ signal }) => apiGet('/api/admin/audit-log', z.array(auditEntryReply), signal),
    refetchInterval: adminPollIntervals.usageAndLogs,
  });
}

export function useBetaCodes() {
  return useQuery({
    queryKey: adminKeys.betaCodes,
    queryFn: ({ signal }) => apiGet('/api/admin/beta-codes', z.array(betaCodeReply), signal),
    refetchInterval: adminPollIntervals.lists,
  });
}

export function useBetaCodeUsage() {
  return useQuery({
    queryKey: adminKeys.betaUsage,
    queryFn: ({ signal }) => apiGet('/api/admin/beta-code-usage', z.array(betaCodeUsageReply), signal),
    refetchInterval: adminPollIntervals.usageAndLogs,
  });
}

export function useEmailConfigurations() {
  return useQuery({
    queryKey: adminKeys.emailConfigurations,
    queryFn: ({ signal }) => apiGet('/api/admin/email-configurations', z.array(emailConfigurationReply), signal),
    refetchInterval: adminPollIntervals.emailSetup,
  });
}

export function useEmailTemplates() {
  return useQuery({
    queryKey: adminKeys.emailTemplates,
    queryFn: ({ signal }) => apiGet('/api/admin/email-templates', z.array(emailTemplateReply), signal),
    refetchInterval: adminPollIntervals.emailSetup,
  });
}

export function useEmailLogs() {
  return useQuery({
    queryKey: adminKeys.emailLogs,
    queryFn: ({ signal }) => apiGet('/api/admin/email-logs', z.array(emailLogReply), signal),
    refetchInterval: adminPollIntervals.usageAndLogs,
  });
}
