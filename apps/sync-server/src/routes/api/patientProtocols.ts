import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { CommandContext } from '../../domain/context';
import { createProtocol, dischargeProtocol, updateProtocol } from '../../domain/protocols/commands';
import { listProtocolRevisions } from '../../domain/fieldRevisions/queries';
import { getProtocolDetail, listProtocols, listServiceProtocols } from '../../domain/protocols/queries';
import { addTreatmentEntry, listTreatmentEntries } from '../../domain/protocols/treatmentEntries';
import { listVitals, recordVitals } from '../../domain/protocols/vitals';
import { commandContext } from '../../plugins/session';

interface IdParams { id: string }

/**
 * Patient protocols of spec 2 §7 with vital signs and treatment entries: the same commands as the
 * sync mutations 'protocol.*', 'vitals.record' and 'treatmentEntry.add'. The spec's
 * ?encryptionKey= is not needed (and ignored): membership and an active protocol decide.
 */
export const patientProtocolRoutes: FastifyPluginAsync = async (app) => {
  const ctx = (request: FastifyRequest): CommandContext => commandContext(app, request);
  const body = (request: FastifyRequest) => (request.body && typeof request.body === 'object' ? (request.body as object) : {});
  const withId = (request: FastifyRequest<{ Params: IdParams }>) => ({ ...body(request), id: request.params.id });
  const forProtocol = (request: FastifyRequest<{ Params: IdParams }>) => ({ ...body(request), protocolId: request.params.id });

  app.get('/patient-protocols', async (request) => listProtocols(ctx(request)));
  app.get<{ Params: IdParams }>('/patient-protocols/:id', async (request) =>
    getProtocolDetail(ctx(request), request.params.id));

  app.post('/patient-protocols', async (request, reply) => reply.status(201).send(await createProtocol(ctx(request), request.body)));
  app.patch<{ Params: IdParams }>('/patient-protocols/:id', async (request) => updateProtocol(ctx(request), withId(request)));
  app.patch<{ Params: IdParams }>('/patient-protocols/:id/discharge', async (request) => dischargeProtocol(ctx(request), withId(request)));

  app.get<{ Params: IdParams }>('/patient-protocols/:id/revisions', async (request) =>
    listProtocolRevisions(ctx(request), request.params.id));

  app.get<{ Params: IdParams }>('/patient-protocols/:id/vital-signs', async (request) => listVitals(ctx(request), request.params.id));
  app.post<{ Params: IdParams }>('/patient-protocols/:id/vital-signs', async (request, reply) =>
    reply.status(201).send(await recordVitals(ctx(request), forProtocol(request))));

  app.get<{ Params: IdParams }>('/patient-protocols/:id/treatment-entries', async (request) =>
    listTreatmentEntries(ctx(request), request.params.id));
  app.post<{ Params: IdParams }>('/patient-protocols/:id/treatment-entries', async (request, reply) =>
    reply.status(201).send(await addTreatmentEntry(ctx(request), forProtocol(request))));

  app.get<{ Params: IdParams }>('/services/:id/patient-protocols', async (request) => listServiceProtocols(ctx(request), request.params.id));
};
