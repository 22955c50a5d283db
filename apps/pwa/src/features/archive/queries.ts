import { archiveServiceReply } from '@sanidok/schema';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../api/client';

const archiveServicesKey = (organizationId: number) => ['archive', organizationId, 'services'] as const;

/** The archived services of one organisation the owner may open; nothing while none is chosen. */
export function useArchiveServices(organizationId: number | null) {
  return useQuery({
    queryKey: archiveServicesKey(organizationId ?? 0),
    queryFn: ({ signal }) => apiGet(`/api/organizations/${organizationId}/archive/services`, z.array(archiveServiceReply), signal),
    enabled: organizationId !== null,
  });
}
