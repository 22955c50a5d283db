import fp from 'fastify-plugin';

export interface ApiRoute {
  method: string;
  url: string;
  /** Reply schemas by status (plugins/typedRoutes.ts): the reply-leak test feeds them. */
  response?: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route as registered: the authorisation matrix and the fuzzer start from it. */
    apiRoutes: ApiRoute[];
  }
}

export const routeRegistryPlugin = fp(
  (app) => {
    const routes: ApiRoute[] = [];
    app.decorate('apiRoutes', routes);
    app.addHook('onRoute', (route) => {
      // Hidden: the API description and its page (plugins/apiDocs.ts), open to everyone by decision.
      if (!route.url.startsWith('/api/') || route.schema?.hide) return;
      const response = route.schema?.response;
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, response });
    });
    return Promise.resolve();
  },
  { name: 'route-registry' },
);
