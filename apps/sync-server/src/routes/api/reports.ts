import { eventReportCsv, eventReportFileName, eventReportPdf, summarizeEvent } from '@sanidok/reports';
import { eventReportRequestSchema, idParams, organizationStatisticsReply, statisticsQuerySchema } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { loadEventReportInput } from '../../domain/reports/eventReport';
import { organizationStatistics } from '../../domain/statistics/organizationStatistics';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { documentedOnly } from '../../plugins/typedRoutes';
import { asAttachment } from './attachment';
import { replies } from './replies';

const fileReply = {
  description: 'Einsatzbericht als PDF oder CSV (UTF-8, Semikolon)',
  content: {
    'application/pdf': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) },
    'text/csv': { schema: z.string() },
  },
};
// Nullable: without a body Fastify passes null; the domain validates (its German messages).
const eventReportBody = documentedOnly(eventReportRequestSchema.partial().nullable());
const statisticsQuery = documentedOnly(statisticsQuerySchema);

/** Reports that leave the app: the event report of a service, the organisation's statistics. */
export const reportRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.reports];

  // POST: the remarks travel in the body, not in an address that ends up in logs.
  app.post('/services/:id/event-report', {
    schema: { tags, summary: 'Einsatzbericht eines Dienstes (PDF oder CSV)', params: idParams, body: eventReportBody, response: replies({ 200: fileReply }) },
  }, async (request, reply) => {
    const { input, format } = await loadEventReportInput(commandContext(app, request), request.params.id, request.body);
    const report = summarizeEvent(input);
    const fileName = eventReportFileName(input.service.name, format);
    if (format === 'csv') return asAttachment(reply, fileName, 'text/csv; charset=utf-8').send(eventReportCsv(report));
    return asAttachment(reply, fileName, 'application/pdf').send(Buffer.from(await eventReportPdf(report)));
  });

  app.get('/organizations/:id/statistics', {
    schema: { tags, summary: 'Statistik einer Organisation (Inhaber, Administratoren)', params: idParams, querystring: statisticsQuery, response: replies({ 200: organizationStatisticsReply }) },
  }, async (request) => organizationStatistics(commandContext(app, request), request.params.id, request.query));
  return Promise.resolve();
};
