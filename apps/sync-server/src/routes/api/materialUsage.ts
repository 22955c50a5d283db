import { materialReportFileName, materialUsageReport } from '@sanidok/reports';
import type { FastifyPluginAsync } from 'fastify';
import { addUsedMaterials, refillMaterials } from '../../domain/materialUsage/commands';
import { listUsedMaterials } from '../../domain/materialUsage/queries';
import { getService } from '../../domain/services/queries';
import { commandContext } from '../../plugins/session';

interface ServiceQuery { serviceId?: string }

/** Material consumption of a service (spec 2 §7 Materials): list, add, refill, clear, PDF. */
export const materialUsageRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ServiceQuery }>('/materials/used', async (request) =>
    listUsedMaterials(commandContext(app, request), request.query.serviceId));

  app.post('/materials/add-used', async (request, reply) =>
    reply.status(201).send(await addUsedMaterials(commandContext(app, request), request.body)));

  // 'Aufgefüllt': the id is the material's; the service comes as ?serviceId= (or in the body).
  app.delete<{ Params: { id: string }; Querystring: ServiceQuery }>('/materials/used/:id', async (request) =>
    refillMaterials(commandContext(app, request), { ...(request.body as object | null), serviceId: request.query.serviceId, materialId: request.params.id }));

  app.post<{ Body: { serviceId?: unknown } }>('/materials/clear', async (request) =>
    refillMaterials(commandContext(app, request), { serviceId: request.body?.serviceId }));

  app.get<{ Querystring: ServiceQuery }>('/materials/export', async (request, reply) => {
    const ctx = commandContext(app, request);
    const service = await getService(ctx, request.query.serviceId);
    const rows = await listUsedMaterials(ctx, service.id);
    const pdf = materialUsageReport({
      serviceName: service.name, organizationName: service.organizationName, location: service.location,
      startDate: service.startDate, endDate: service.endDate, rows, generatedAt: new Date(),
    });
    const fileName = materialReportFileName(service.name);
    const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '');
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header('Cache-Control', 'no-store, no-cache, must-revalidate')
      .header('Pragma', 'no-cache')
      .send(Buffer.from(pdf));
  });
};
