import { deviceKeyRegistrationReply, deviceKeyRegistrationSchema, devicePinSchema, devicePinShareReply, deviceSealKeyReply } from '@sanidok/schema';
import type { FastifyPluginAsync } from 'fastify';
import { registerDeviceKey } from '../../domain/deviceKeys/devicePublicKeys';
import { enrolPin, unlockWithPin } from '../../domain/deviceKeys/pinShares';
import { serverSealPublicKey } from '../../domain/deviceKeys/serverSealKey';
import { apiTags } from '../../plugins/apiDocs';
import { limitPasswordCheck, passwordCheckKey } from '../../plugins/rateLimit';
import { commandContext, requireUser } from '../../plugins/session';
import type { SharedSchemaTypeProvider } from '../../plugins/typedRoutes';
import { replies } from './replies';

/**
 * Device encryption: the key devices seal their outbox args to (any signed-in user), the
 * PIN share of a device and the device's own public key, which pulls seal patient data to (its own
 * user only, domain/deviceKeys/policy.ts; the key only with the password, under the account limit).
 */
export const deviceKeyRoutes: FastifyPluginAsync = (fastify) => {
  const app = fastify.withTypeProvider<SharedSchemaTypeProvider>();
  const tags = [apiTags.sync];
  app.get('/device/seal-key', {
    schema: { tags, summary: 'Öffentlicher Schlüssel, an den Geräte ihre Änderungen versiegeln', response: replies({ 200: deviceSealKeyReply }) },
  }, async (request) => {
    const ctx = commandContext(app, request);
    return { publicKey: await serverSealPublicKey(ctx.db, ctx.dataKey) };
  });
  app.post('/device/pin', {
    schema: { tags, summary: 'PIN zum schnellen Entsperren des Geräts einrichten', body: devicePinSchema, response: replies({ 200: devicePinShareReply }) },
  }, async (request) => enrolPin(commandContext(app, request), request.body));
  app.post('/device/pin/unlock', {
    schema: {
      tags, summary: 'Mit der PIN entsperren: Serveranteil für den richtigen PIN-Nachweis, nach 5 Fehlversuchen gelöscht',
      body: devicePinSchema, response: replies({ 200: devicePinShareReply }),
    },
  }, async (request) => unlockWithPin(commandContext(app, request), request.body));
  app.put('/device/key', {
    schema: {
      tags, summary: 'Öffentlichen Schlüssel des Geräts hinterlegen (mit Passwort): Patientendaten kommen nur an ihn versiegelt',
      body: deviceKeyRegistrationSchema, response: replies({ 200: deviceKeyRegistrationReply }),
    },
  }, async (request, reply) =>
    limitPasswordCheck(app, reply, passwordCheckKey.user(requireUser(request).id), () => registerDeviceKey(commandContext(app, request), request.body)));
  return Promise.resolve();
};
