import { materialReportFileName, materialUsageReport } from '@sanidok/reports';
import { addUsedMaterialsSchema, idParams, materialsRefilledReply, refillMaterialsSchema, usedMaterialsAddedReply, usedMaterialSummaryReply } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { addUsedMaterials, refillMaterials } from '../../domain/materialUsage/commands';
import { listUsedMaterials } from '../../domain/materialUsage/queries';
import { getService } from '../../domain/services/queries';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { documentedOnly } from '../../plugins/typedRoutes';
import { asAttachment } from './attachment';
import { replies } from './replies';

// Read as a service id by the domain: anything else is "not found", not a 400.
const serviceId = z.string().meta({ description: 'UUID des Dienstes', format: 'uuid' });
const serviceQuery = documentedOnly(z.object({ serviceId: serviceId.optional() }));
// Listing and the report are about one service: without its id there is none to find (404).
const requiredServiceQuery = documentedOnly(z.object({ serviceId }));
const refillBody = documentedOnly(refillMaterialsSchema.partial(), 'materialId');
// Required: without the service the command refuses (400). Not checked here, the command does.
const clearBody = documentedOnly(z.object({ serviceId }));
const pdfReply = { description: 'Materialbericht als PDF', content: { 'application/pdf': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } } };

/** Material consumption of a service (docs/spec/services.md §7 Materials): list, add, refill, clear, PDF. */
export const materialUsageRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.materials];

  app.get('/materials/used', {
    schema: { tags, summary: 'Verbrauchtes Material eines Dienstes', querystring: requiredServiceQuery, response: replies({ 200: z.array(usedMaterialSummaryReply) }) },
  }, async (request) => listUsedMaterials(commandContext(app, request), request.query.serviceId));

  app.post('/materials/add-used', {
    schema: { tags, summary: 'Verbrauch erfassen', body: addUsedMaterialsSchema, response: replies({ 201: usedMaterialsAddedReply }) },
  }, async (request, reply) => reply.status(201).send(await addUsedMaterials(commandContext(app, request), request.body)));

  // 'Aufgefüllt': the id is the material's; the service comes as ?serviceId= (or in the body).
  app.delete('/materials/used/:id', {
    schema: { tags, summary: 'Material als aufgefüllt markieren', params: idParams, querystring: serviceQuery, body: refillBody, response: replies({ 200: materialsRefilledReply }) },
  }, async (request) =>
    refillMaterials(commandContext(app, request), { ...request.body, serviceId: request.query.serviceId, materialId: request.params.id }));

  app.post('/materials/clear', {
    schema: { tags, summary: 'Verbrauchsliste leeren (alles aufgefüllt)', body: clearBody, response: replies({ 200: materialsRefilledReply }) },
  }, async (request) =>
    // Without a body Fastify passes null: spread, the command then names the missing field.
    refillMaterials(commandContext(app, request), { serviceId: { ...request.body }.serviceId }));

  app.get('/materials/export', {
    schema: { tags, summary: 'Materialbericht eines Dienstes (PDF)', querystring: requiredServiceQuery, response: replies({ 200: pdfReply }) },
  }, async (request, reply) => {
    const ctx = commandContext(app, request);
    const service = await getService(ctx, request.query.serviceId);
    const rows = await listUsedMaterials(ctx, service.id);
    const pdf = await materialUsageReport({
      serviceName: service.name, organizationName: service.organizationName, location: service.location,
      startDate: service.startDate, endDate: service.endDate, rows, generatedAt: new Date(),
    });
    const fileName = materialReportFileName(service.name);
    return asAttachment(reply, fileName, 'application/pdf').send(Buffer.from(pdf));
  });
  return Promise.resolve();
};
