import { organizationStatisticsReply } from '@sanidok/schema';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client';

export const statisticsKeys = {
  period: (organizationId: number, from: string, to: string) => ['organizations', organizationId, 'statistics', from, to] as const,
};

/** GET /api/organizations/{id}/statistics for a period of whole months ('YYYY-MM'); computed on the server. */
export function useOrganizationStatistics(organizationId: number, from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: statisticsKeys.period(organizationId, from, to),
    queryFn: ({ signal }) => apiGet(`/api/organizations/${organizationId}/statistics?from=${from}&to=${to}`, organizationStatisticsReply, signal),
    enabled,
    retry: false,
  });
}
