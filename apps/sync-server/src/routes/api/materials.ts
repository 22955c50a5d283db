import { createMaterialSchema, idParams, materialPriceSchema, materialReply, okReply } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { addMaterial, deleteMaterial, listMaterials, setMaterialPrice } from '../../domain/materials/materials';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { documentedOnly } from '../../plugins/typedRoutes';
import { replies } from './replies';

// Read as an organisation id by the domain: anything else is "not found", not a 400.
const organizationQuery = documentedOnly(z.object({ organizationId: z.string().optional().meta({ description: 'Nur diese Organisation' }) }));

/** Material catalogue (docs/spec/services.md §7 Materials); consumption calls come with minor treatments. */
export const materialRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.materials];

  app.get('/materials', { schema: { tags, summary: 'Materialkatalog', querystring: organizationQuery, response: replies({ 200: z.array(materialReply) }) } }, async (request) =>
    listMaterials(commandContext(app, request), request.query.organizationId));

  app.post('/materials', { schema: { tags, summary: 'Material anlegen', body: createMaterialSchema, response: replies({ 201: materialReply }) } }, async (request, reply) =>
    reply.status(201).send(await addMaterial(commandContext(app, request), request.body)));

  app.patch('/materials/:id', {
    schema: { tags, summary: 'Preis je Einheit setzen oder löschen (Inhaber)', params: idParams, body: materialPriceSchema, response: replies({ 200: materialReply }) },
  }, async (request) => setMaterialPrice(commandContext(app, request), request.params.id, request.body));

  app.delete('/materials/:id', { schema: { tags, summary: 'Material löschen', params: idParams, response: replies({ 200: okReply }) } }, async (request) => {
    await deleteMaterial(commandContext(app, request), request.params.id);
    return { ok: true as const };
  });
  return Promise.resolve();
};
