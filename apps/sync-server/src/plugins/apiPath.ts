import type { FastifyRequest } from 'fastify';

/**
 * Whether a request addresses the API. Tested on the matched route's pattern, not the raw URL: the
 * router decodes percent-escapes (`/%61pi/login` reaches `/api/login`), so a prefix test on the raw
 * URL would let a request walk around the origin check, the body guard and `no-store`. A request
 * that matched no route is judged by its decoded path.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined) return route.startsWith('/api/');
  const path = request.url.split('?')[0] ?? request.url;
  try {
    return decodeURIComponent(path).startsWith('/api/');
  } catch {
    return path.startsWith('/api/');
  }
}
