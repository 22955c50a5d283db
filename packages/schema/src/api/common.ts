import { z } from 'zod';
import type { ApiErrorBody } from '../errors';
import { errorCodes } from '../errors';

/**
 * Reply schemas of the REST API. The server serialises every answer through them, so a
 * field they do not name never leaves the server; the PWA reads the shared interfaces beside the
 * entity schemas. `replyOf<T>()` ties each reply schema to its interface at compile time: a field
 * added to the interface but not to the schema (it would silently vanish from the answer) fails
 * the typecheck. The schemas carry no length or format checks: they describe, the input schemas
 * validate.
 */
type Assignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Mutual assignability misses an optional field the schema forgets: the keys are compared as well.
type Same<A, B> = Assignable<A, B> extends true ? Assignable<keyof A, keyof B> : false;

export const replyOf =
  <T>() =>
  <S extends z.ZodType>(schema: S & (Same<z.output<S>, T> extends true ? unknown : { mismatch: [z.output<S>, T] })): S =>
    schema;

/** Every error answer of the API (apps/sync-server/src/plugins/errorHandler.ts); the archive's 403 adds its counts. */
export const apiErrorReply = replyOf<ApiErrorBody>()(
  z.object({
    message: z.string().meta({ description: 'Deutscher Text, so wie er angezeigt wird' }),
    code: z.enum(errorCodes),
    fields: z.record(z.string(), z.string()).optional().meta({ description: 'Feldpfad → erste deutsche Meldung (nur bei VALIDATION)' }),
  }).meta({ id: 'ApiError' }),
);

export const okReply = replyOf<{ ok: true }>()(z.object({ ok: z.literal(true) }));
export const okMessageReply = replyOf<{ ok: true; message: string }>()(z.object({ ok: z.literal(true), message: z.string() }));

/**
 * Path parameters are strings here on purpose: the domain parses them (an id that is not a
 * number or UUID is "not found", apps/sync-server/src/domain), and a 400 from the route would
 * change that answer.
 */
const pathId = (description: string) => z.string().meta({ description });
export const idParams = z.object({ id: pathId('Numerische ID oder UUID der Ressource') });
export const orgIdParams = z.object({ orgId: pathId('ID der Organisation') });
export const orgServiceParams = z.object({ orgId: pathId('ID der Organisation'), serviceId: pathId('UUID des Dienstes') });
export const userIdParams = z.object({ userId: pathId('ID des Kontos') });
export const serviceIdParams = z.object({ serviceId: pathId('UUID des Dienstes') });
export const configIdParams = z.object({ configId: pathId('ID der SMTP-Konfiguration') });
export const memberParams = z.object({ id: pathId('ID der Organisation'), userId: pathId('ID des Mitglieds') });
export const organizationInvitationParams = z.object({ id: pathId('ID der Organisation'), invitationId: pathId('ID der Einladung') });

/** Query strings arrive as text; the domain parses them again with the shared schemas. */
export const optionalText = z.string().optional();
