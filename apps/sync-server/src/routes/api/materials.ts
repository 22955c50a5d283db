import type { FastifyPluginAsync } from 'fastify';
import { addMaterial, deleteMaterial, listMaterials } from '../../domain/materials/materials';
import { requireUser } from '../../plugins/session';

/** Material catalogue (spec 2 §7 Materials); consumption calls come with minor treatments. */
export const materialRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { organizationId?: string } }>('/materials', async (request) =>
    listMaterials(app.db, requireUser(request), request.query.organizationId));

  app.post('/materials', async (request, reply) => reply.status(201).send(await addMaterial(app.db, requireUser(request), request.body)));

  app.delete<{ Params: { id: string } }>('/materials/:id', async (request) => {
    await deleteMaterial(app.db, requireUser(request), request.params.id);
    return { ok: true };
  });
};
