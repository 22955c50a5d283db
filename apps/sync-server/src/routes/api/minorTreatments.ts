import type { FastifyPluginAsync } from 'fastify';
import { createMinorTreatment } from '../../domain/minorTreatments/commands';
import { listMinorTreatments, listServiceMinorTreatments } from '../../domain/minorTreatments/queries';
import { commandContext } from '../../plugins/session';

/** Minor treatments of spec 2 §7: the same command as the sync mutation 'minorTreatment.create'. */
export const minorTreatmentRoutes: FastifyPluginAsync = async (app) => {
  app.get('/minor-treatments', async (request) => listMinorTreatments(commandContext(app, request)));

  app.post('/minor-treatments', async (request, reply) =>
    reply.status(201).send(await createMinorTreatment(commandContext(app, request), request.body)));

  app.get<{ Params: { id: string } }>('/services/:id/minor-treatments', async (request) =>
    listServiceMinorTreatments(commandContext(app, request), request.params.id));
};
