import type { FastifyPluginAsync } from 'fastify';
import { addMaterial, deleteMaterial, listMaterials } from '../../domain/materials/materials';
import { commandContext } from '../../plugins/session';

/** Material catalogue (spec 2 §7 Materials); consumption calls come with minor treatments. */
export const materialRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { organizationId?: string } }>('/materials', async (request) =>
    listMaterials(commandContext(app, request), request.query.organizationId));

  app.post('/materials', async (request, reply) => reply.status(201).send(await addMaterial(commandContext(app, request), request.body)));

  app.delete<{ Params: { id: string } }>('/materials/:id', async (request) => {
    await deleteMaterial(commandContext(app, request), request.params.id);
    return { ok: true };
  });
};
