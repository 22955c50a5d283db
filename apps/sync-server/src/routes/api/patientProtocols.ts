import {
  withholdClinical,
  createProtocolSchema,
  dischargeProtocolSchema,
  idParams,
  joinServiceSchema,
  okReply,
  protocolDetailQuery,
  protocolDetailReply,
  protocolWithSummaryReply,
  recordVitalsSchema,
  simpleVitalsRequestSchema,
  treatmentEntryReply,
  treatmentEntrySchema,
  updateProtocolSchema,
  vitalRecordReply,
} from '@sanidok/schema';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandContext } from '../../domain/context';
import { createProtocol, dischargeProtocol, updateProtocol } from '../../domain/protocols/commands';
import { getProtocolDetail, joinTeamOfProtocol, listProtocols, listServiceProtocols } from '../../domain/protocols/queries';
import { addTreatmentEntry, listTreatmentEntries } from '../../domain/protocols/treatmentEntries';
import { listVitals, recordVitals } from '../../domain/protocols/vitals';
import { apiTags } from '../../plugins/apiDocs';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { documentedOnly } from '../../plugins/typedRoutes';
import { replies } from './replies';

// The domain merges the path's id into the body and validates the whole (domain/protocols).
const updateBody = documentedOnly(updateProtocolSchema, 'id');
const dischargeBody = documentedOnly(dischargeProtocolSchema, 'id');
const vitalsBody = documentedOnly(z.union([recordVitalsSchema, simpleVitalsRequestSchema]), 'protocolId');
const treatmentBody = documentedOnly(treatmentEntrySchema, 'protocolId');

/** A body the domain can spread: anything but an object counts as empty, as before the schemas. */
const asObject = (body: unknown): object => (body && typeof body === 'object' ? body : {});

/**
 * Patient protocols of docs/spec/services.md §7 with vital signs and treatment entries: the same commands as the
 * sync mutations 'protocol.*', 'vitals.record' and 'treatmentEntry.add'. The spec's
 * ?encryptionKey= is not needed (and ignored): membership, the service team and an active
 * protocol decide; ?key= is the service's access code (domain/services/team.ts), kept for old
 * clients — the PWA sends the code in the body of POST …/{id}/join, never in a URL.
 */
export const patientProtocolRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.protocols];
  const ctx = (request: FastifyRequest): CommandContext => commandContext(app, request);
  const withId = (request: { body: unknown; params: { id: string } }) => ({ ...asObject(request.body), id: request.params.id });
  const forProtocol = (request: { body: unknown; params: { id: string } }) => ({ ...asObject(request.body), protocolId: request.params.id });
  const list = replies({ 200: z.array(protocolWithSummaryReply) });
  const detail = replies({ 200: protocolDetailReply });

  app.get('/patient-protocols', { schema: { tags, summary: 'Protokolle meiner Organisationen', response: list } }, async (request) =>
    listProtocols(commandContext(app, request)));
  app.get('/patient-protocols/:id', {
    schema: { tags, summary: 'Ein Protokoll, ohne Patientendaten (die kommen nur versiegelt über den Pull; ?key=Zugangscode tritt dem Team bei)', params: idParams, querystring: protocolDetailQuery, response: detail },
  }, async (request) => {
    const { key } = request.query;
    return getProtocolDetail(commandContext(app, request), request.params.id, key === undefined ? undefined : { key, attempts: app.accessCodeAttempts });
  });

  app.post('/patient-protocols/:id/join', {
    schema: { tags, summary: 'Mit dem Zugangscode im Körper dem Team des Protokolls beitreten (nie in der URL)', params: idParams, body: joinServiceSchema, response: replies({ 200: okReply }) },
  }, async (request) => {
    await joinTeamOfProtocol(commandContext(app, request), request.params.id, request.body, app.accessCodeAttempts);
    return { ok: true as const };
  });

  app.post('/patient-protocols', { schema: { tags, summary: 'Protokoll anlegen', body: createProtocolSchema, response: replies({ 201: protocolDetailReply }) } }, async (request, reply) =>
    reply.status(201).send(await createProtocol(ctx(request), request.body)));
  app.patch('/patient-protocols/:id', { schema: { tags, summary: 'Protokoll feldweise ändern', params: idParams, body: updateBody, response: detail } }, async (request) =>
    updateProtocol(ctx(request), withId(request)));
  app.patch('/patient-protocols/:id/discharge', {
    schema: { tags, summary: 'Patient entlassen (versiegelt die Patientendaten)', params: idParams, body: dischargeBody, response: detail },
  }, async (request) => dischargeProtocol(ctx(request), withId(request)));

  // No …/revisions and no …/history: the replaced values and the record history are the clinical
  // part, which travels only sealed to a device in the pull (docs/security.md "Clinical data
  // follows the team", domain/sync/recordRevisionSource.ts).

  app.get('/patient-protocols/:id/vital-signs', {
    schema: { tags, summary: 'Vitalwerte eines Protokolls', params: idParams, response: replies({ 200: z.array(vitalRecordReply) }) },
  }, async (request) => listVitals(commandContext(app, request), request.params.id));
  app.post('/patient-protocols/:id/vital-signs', {
    schema: { tags, summary: 'Vitalwerte erfassen', params: idParams, body: vitalsBody, response: replies({ 201: vitalRecordReply }) },
  }, async (request, reply) => reply.status(201).send(withholdClinical('vitalRecord', await recordVitals(ctx(request), forProtocol(request)))));

  app.get('/patient-protocols/:id/treatment-entries', {
    schema: { tags, summary: 'Maßnahmen eines Protokolls', params: idParams, response: replies({ 200: z.array(treatmentEntryReply) }) },
  }, async (request) => listTreatmentEntries(commandContext(app, request), request.params.id));
  app.post('/patient-protocols/:id/treatment-entries', {
    schema: { tags, summary: 'Maßnahme erfassen', params: idParams, body: treatmentBody, response: replies({ 201: treatmentEntryReply }) },
  }, async (request, reply) => reply.status(201).send(withholdClinical('treatmentEntry', await addTreatmentEntry(ctx(request), forProtocol(request)))));

  app.get('/services/:id/patient-protocols', { schema: { tags, summary: 'Protokolle eines Dienstes', params: idParams, response: list } }, async (request) =>
    listServiceProtocols(commandContext(app, request), request.params.id));
  return Promise.resolve();
};
