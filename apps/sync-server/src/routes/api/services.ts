import { createServiceSchema, fieldRevisionReply, idParams, okReply, serviceReply, updateServiceSchema } from '@sanidok/schema';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandContext } from '../../domain/context';
import { listServiceRevisions } from '../../domain/fieldRevisions/queries';
import { archiveService } from '../../domain/protocols/archiving';
import { completeService, createService, deleteService, updateService } from '../../domain/services/commands';
import { getService, listActiveServices, listServices } from '../../domain/services/queries';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { documentedOnly } from '../../plugins/typedRoutes';
import { replies } from './replies';

const updateBody = documentedOnly(updateServiceSchema, 'id');

/** Services of docs/spec/services.md §7: the same commands as the sync mutations 'service.*'. */
export const serviceRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.services];
  const ctx = (request: FastifyRequest): CommandContext => commandContext(app, request);
  const list = replies({ 200: z.array(serviceReply) });
  const one = replies({ 200: serviceReply });

  app.get('/services', { schema: { tags, summary: 'Dienste meiner Organisationen', response: list } }, async (request) =>
    listServices(commandContext(app, request)));
  app.get('/services/active', { schema: { tags, summary: 'Laufende Dienste', response: list } }, async (request) =>
    listActiveServices(commandContext(app, request)));
  app.get('/services/:id', { schema: { tags, summary: 'Ein Dienst', params: idParams, response: one } }, async (request) =>
    getService(commandContext(app, request), request.params.id));
  app.get('/services/:id/revisions', {
    schema: { tags, summary: 'Ersetzte Werte nach gleichzeitigen Änderungen', params: idParams, response: replies({ 200: z.array(fieldRevisionReply) }) },
  }, async (request) => listServiceRevisions(commandContext(app, request), request.params.id));

  app.post('/services', { schema: { tags, summary: 'Dienst anlegen', body: createServiceSchema, response: replies({ 201: serviceReply }) } }, async (request, reply) =>
    reply.status(201).send(await createService(ctx(request), request.body)));
  app.patch('/services/:id', { schema: { tags, summary: 'Dienst feldweise ändern', params: idParams, body: updateBody, response: one } }, async (request) =>
    updateService(ctx(request), { ...request.body, id: request.params.id }));
  app.patch('/services/:id/archive', { schema: { tags, summary: 'Dienst archivieren', params: idParams, response: one } }, async (request) =>
    archiveService(ctx(request), { id: request.params.id }));
  app.patch('/services/:id/complete', { schema: { tags, summary: 'Dienst abschließen', params: idParams, response: one } }, async (request) =>
    completeService(ctx(request), { id: request.params.id }));
  app.delete('/services/:id', { schema: { tags, summary: 'Dienst löschen', params: idParams, response: replies({ 200: okReply }) } }, async (request) =>
    deleteService(ctx(request), { id: request.params.id }));
  return Promise.resolve();
};
