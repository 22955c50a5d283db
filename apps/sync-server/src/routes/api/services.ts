import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { CommandContext } from '../../domain/context';
import { listServiceRevisions } from '../../domain/fieldRevisions/queries';
import { archiveService, completeService, createService, deleteService, updateService } from '../../domain/services/commands';
import { getService, listActiveServices, listServices } from '../../domain/services/queries';
import { commandContext } from '../../plugins/session';

interface IdParams { id: string }

/** Services of spec 2 §7: the same commands as the sync mutations 'service.*'. */
export const serviceRoutes: FastifyPluginAsync = async (app) => {
  const ctx = (request: FastifyRequest): CommandContext => commandContext(app, request);
  const withId = (request: FastifyRequest<{ Params: IdParams }>) => ({ ...(request.body as object | null), id: request.params.id });

  app.get('/services', async (request) => listServices(ctx(request)));
  app.get('/services/active', async (request) => listActiveServices(ctx(request)));
  app.get<{ Params: IdParams }>('/services/:id', async (request) => getService(ctx(request), request.params.id));
  app.get<{ Params: IdParams }>('/services/:id/revisions', async (request) => listServiceRevisions(ctx(request), request.params.id));

  app.post('/services', async (request, reply) => reply.status(201).send(await createService(ctx(request), request.body)));
  app.patch<{ Params: IdParams }>('/services/:id', async (request) => updateService(ctx(request), withId(request)));
  app.patch<{ Params: IdParams }>('/services/:id/archive', async (request) => archiveService(ctx(request), { id: request.params.id }));
  app.patch<{ Params: IdParams }>('/services/:id/complete', async (request) => completeService(ctx(request), { id: request.params.id }));
  app.delete<{ Params: IdParams }>('/services/:id', async (request) => deleteService(ctx(request), { id: request.params.id }));
};
