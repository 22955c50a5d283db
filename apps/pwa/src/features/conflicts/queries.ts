import { fieldRevisionListSchema } from '@sanidok/schema';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client';

/**
 * The replaced values behind `path` (…/revisions of a service, protocol or patient data). Read from
 * the server, never stored on the device: replaced values are history, not capture.
 */
export function useFieldRevisions(path: string, enabled: boolean) {
  return useQuery({
    queryKey: ['revisions', path],
    queryFn: ({ signal }) => apiGet(path, fieldRevisionListSchema, signal),
    enabled,
    retry: false,
    staleTime: 0,
  });
}
