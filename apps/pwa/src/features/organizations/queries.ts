import { accessLogReply, invitationReply, materialReply, memberReply, openInvitationReply, organizationReply, processingRecordReply, retentionDeletionReply } from '@sanidok/schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { apiGet } from '../../api/client';
import { downloadFile } from '../../lib/download';

/** Polling intervals of docs/spec/accounts.md §9 and docs/spec/services.md §9 (organisations, members, materials 5 s). */
export const pollIntervals = {
  organizations: 5_000,
  members: 5_000,
  materials: 5_000,
  invitations: 10_000,
  accessLogs: 30_000,
} as const;

export const organizationKeys = {
  all: ['organizations'] as const,
  list: ['organizations', 'list'] as const,
  members: (id: number) => ['organizations', id, 'members'] as const,
  materials: (id: number) => ['organizations', id, 'materials'] as const,
  accessLogs: (id: number) => ['organizations', id, 'access-logs'] as const,
  retentionDeletions: (id: number) => ['organizations', id, 'retention-deletions'] as const,
  invitations: ['invitations'] as const,
  openInvitations: (id: number) => ['organizations', id, 'open-invitations'] as const,
};

/**
 * GET /api/organizations. The organisations page polls; the sidebar and the profile only read
 * the cache (staleTime is infinite), so they cost one request per session, not one per 5 s.
 */
export function useOrganizations(options: { poll: boolean }) {
  return useQuery({
    queryKey: organizationKeys.list,
    queryFn: ({ signal }) => apiGet('/api/organizations', z.array(organizationReply), signal),
    refetchInterval: options.poll ? pollIntervals.organizations : false,
  });
}

const membersQuery = (organizationId: number) =>
  queryOptions({
    queryKey: organizationKeys.members(organizationId),
    queryFn: ({ signal }) => apiGet(`/api/organizations/${organizationId}/members`, z.array(memberReply), signal),
  });

/**
 * Reads the member list ahead, once, where a dialog will want it ('Team bearbeiten'): opened
 * first, the dialog waited for the request behind the sync's own, seconds on a busy tablet.
 */
export function usePrefetchMembers(organizationId: number, when: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    // A failure shows when the dialog asks again; here it is nobody's to show.
    if (when) client.query(membersQuery(organizationId)).catch(() => undefined);
  }, [client, organizationId, when]);
}

export function useMembers(organizationId: number) {
  return useQuery({
    ...membersQuery(organizationId),
    refetchInterval: pollIntervals.members,
  });
}

export function useOrganizationMaterials(organizationId: number) {
  return useQuery({
    queryKey: organizationKeys.materials(organizationId),
    queryFn: ({ signal }) =>
      apiGet(`/api/materials?organizationId=${encodeURIComponent(organizationId)}`, z.array(materialReply), signal),
    refetchInterval: pollIntervals.materials,
  });
}

/** Owner only (the tab is not rendered for others) and only for a real id (docs/spec/accounts.md §7). */
export function useAccessLogs(organizationId: number, isOwner: boolean) {
  return useQuery({
    queryKey: organizationKeys.accessLogs(organizationId),
    queryFn: ({ signal }) => apiGet(`/api/organizations/${organizationId}/access-logs`, z.array(accessLogReply), signal),
    enabled: isOwner && organizationId > 0,
    refetchInterval: pollIntervals.accessLogs,
  });
}

export function useInvitations() {
  return useQuery({
    queryKey: organizationKeys.invitations,
    queryFn: ({ signal }) => apiGet('/api/invitations', z.array(invitationReply), signal),
    refetchInterval: pollIntervals.invitations,
  });
}

/** The organisation's open invitations: owner and admins only (the list is not rendered for others). */
export function useOpenInvitations(organizationId: number, enabled: boolean) {
  return useQuery({
    queryKey: organizationKeys.openInvitations(organizationId),
    queryFn: ({ signal }) => apiGet(`/api/organizations/${organizationId}/invitations`, z.array(openInvitationReply), signal),
    enabled,
    refetchInterval: pollIntervals.members,
  });
}

/** GET …/processing-record on a click (owner, admins): the Art. 30 record, saved as a Markdown file. */
export function useProcessingRecordDownload(organizationId: number) {
  return useMutation({
    mutationFn: async () => {
      const record = await apiGet(`/api/organizations/${organizationId}/processing-record`, processingRecordReply);
      downloadFile(record.markdown, record.fileName, 'text/markdown;charset=utf-8');
    },
  });
}

/** GET …/retention-deletions (owner, admins): what the retention job deleted, newest first, no patient data. */
export function useRetentionDeletions(organizationId: number) {
  return useQuery({
    queryKey: organizationKeys.retentionDeletions(organizationId),
    queryFn: ({ signal }) => apiGet(`/api/organizations/${organizationId}/retention-deletions`, z.array(retentionDeletionReply), signal),
  });
}
