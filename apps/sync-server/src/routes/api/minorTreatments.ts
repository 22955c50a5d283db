import { createMinorTreatmentSchema, idParams, minorTreatmentReply, withholdClinical } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { createMinorTreatment } from '../../domain/minorTreatments/commands';
import { listMinorTreatments, listServiceMinorTreatments } from '../../domain/minorTreatments/queries';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { replies } from './replies';

/** Minor treatments of docs/spec/services.md §7: the same command as the sync mutation 'minorTreatment.create'. */
export const minorTreatmentRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.minorTreatments];
  const list = replies({ 200: z.array(minorTreatmentReply) });

  app.get('/minor-treatments', { schema: { tags, summary: 'Kleinversorgungen meiner Organisationen', response: list } }, async (request) =>
    listMinorTreatments(commandContext(app, request)));

  app.post('/minor-treatments', {
    schema: { tags, summary: 'Kleinversorgung erfassen', body: createMinorTreatmentSchema, response: replies({ 201: minorTreatmentReply }) },
  }, async (request, reply) => reply.status(201).send(withholdClinical('minorTreatment', await createMinorTreatment(commandContext(app, request), request.body))));

  app.get('/services/:id/minor-treatments', { schema: { tags, summary: 'Kleinversorgungen eines Dienstes', params: idParams, response: list } }, async (request) =>
    listServiceMinorTreatments(commandContext(app, request), request.params.id));
  return Promise.resolve();
};
