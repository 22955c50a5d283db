import { accessLogReply, createOrganizationSchema, idParams, inviteMemberSchema, invitationCreatedReply, memberParams, memberReply, okReply, organizationLockTimeSchema, organizationReply, organizationRetentionSchema, processingRecordReply, removeMemberSchema, retentionDeletionReply } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { logOrganizationEvent } from '../../domain/accessLogs/organizationEvents';
import { listAccessLogs } from '../../domain/accessLogs/queries';
import { AppError } from '../../domain/errors';
import { createOrganization, removeMember, setOrganizationLockTime, setOrganizationRetention } from '../../domain/organizations/commands';
import { inviteMember } from '../../domain/organizations/invitationCommands';
import { listMembers, listMyOrganizations } from '../../domain/organizations/queries';
import { listRetentionDeletions } from '../../domain/retention/deletions';
import { processingRecord } from '../../domain/retention/processingRecord';
import { apiTags } from '../../plugins/apiDocs';
import { limitPasswordCheck, passwordCheckKey } from '../../plugins/rateLimit';
import { commandContext } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { documentedOnly } from '../../plugins/typedRoutes';
import { invitationSettings } from './invitations';
import { replies } from './replies';

/** Organisations of docs/spec/accounts.md §7; authorisation lives in domain/organizations/policy.ts. */
export const organizationRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.organizations];

  app.get('/organizations', { schema: { tags, summary: 'Eigene Organisationen', response: replies({ 200: z.array(organizationReply) }) } }, async (request) =>
    listMyOrganizations(commandContext(app, request)));

  app.post('/organizations', {
    schema: { tags, summary: 'Organisation anlegen (mit öffentlichen Schlüsseln)', body: createOrganizationSchema, response: replies({ 201: organizationReply }) },
  }, async (request, reply) => {
    const created = await createOrganization(commandContext(app, request), request.body);
    return reply.status(201).send(created);
  });

  app.put('/organizations/:id/lock-time', {
    schema: { tags, summary: 'Sperrzeit der Geräte festlegen (Inhaber)', params: idParams, body: organizationLockTimeSchema, response: replies({ 200: organizationReply }) },
  }, async (request) => setOrganizationLockTime(commandContext(app, request), request.params.id, request.body));

  // Retention and deletion (docs/deletion.md): the owner's period, the job's deletion records, the Art. 30 record.
  app.put('/organizations/:id/retention', {
    schema: { tags, summary: 'Aufbewahrungsfrist versiegelter Dokumentation festlegen (Inhaber)', params: idParams, body: organizationRetentionSchema, response: replies({ 200: organizationReply }) },
  }, async (request) => setOrganizationRetention(commandContext(app, request), request.params.id, request.body));

  app.get('/organizations/:id/retention-deletions', {
    schema: { tags, summary: 'Löschnachweise nach Ablauf der Aufbewahrungsfrist (Inhaber, Administratoren)', params: idParams, response: replies({ 200: z.array(retentionDeletionReply) }) },
  }, async (request) => listRetentionDeletions(commandContext(app, request), request.params.id));

  app.get('/organizations/:id/processing-record', {
    schema: { tags, summary: 'Verzeichnis von Verarbeitungstätigkeiten als Markdown (Inhaber, Administratoren)', params: idParams, response: replies({ 200: processingRecordReply }) },
  }, async (request) => processingRecord(commandContext(app, request), request.params.id));

  app.get('/organizations/:id/members', {
    schema: { tags, summary: 'Mitglieder einer Organisation', params: idParams, response: replies({ 200: z.array(memberReply) }) },
  }, async (request) => listMembers(commandContext(app, request), request.params.id));

  app.post('/organizations/:id/invite', {
    schema: { tags, summary: 'Mitglied einladen', params: idParams, body: documentedOnly(inviteMemberSchema), response: replies({ 201: invitationCreatedReply }) },
  }, async (request, reply) => {
    const invitation = await inviteMember(commandContext(app, request), request.params.id, request.body, invitationSettings(app));
    return reply.status(201).send(invitation);
  });

  app.delete('/organizations/:id/members/:userId', {
    schema: {
      tags, summary: 'Mitglied entfernen (den letzten Administrator nur mit dem zweiten Faktor)', params: memberParams,
      body: documentedOnly(removeMemberSchema.optional()), response: replies({ 200: okReply }),
    },
  }, async (request, reply) => {
    const ctx = commandContext(app, request);
    await limitPasswordCheck(app, reply, passwordCheckKey.user(ctx.user.id), () => removeMember(ctx, request.params.id, request.params.userId, request.body)).catch(
      async (error: unknown) => {
        // The owner sees it: removing the one who can stop a key recovery is a step of a takeover
        // (here, not in the domain: organizations must not import accessLogs, which imports it).
        if (error instanceof AppError && (error.code === 'OWNER_PROOF_REQUIRED' || error.code === 'TOTP_INVALID')) {
          await logOrganizationEvent(app.db, ctx, Number(request.params.id), 'Entfernen des letzten Administrators abgelehnt: nicht mit dem zweiten Faktor bestätigt');
        }
        throw error;
      },
    );
    return { ok: true as const };
  });

  app.get('/organizations/:id/access-logs', {
    schema: { tags: [apiTags.accessLogs], summary: 'Zugriffsprotokoll einer Organisation', params: idParams, response: replies({ 200: z.array(accessLogReply) }) },
  }, async (request) => listAccessLogs(commandContext(app, request), request.params.id));
  return Promise.resolve();
};
