import type { ApiErrorBody } from '@sanidok/schema';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../domain/errors';

const statusMessages: Record<number, { message: string; code: ApiErrorBody['code'] }> = {
  400: { message: 'Die Anfrage ist ungültig.', code: 'VALIDATION' },
  401: { message: 'Nicht angemeldet. Bitte melden Sie sich an.', code: 'UNAUTHENTICATED' },
  403: { message: 'Dafür fehlt Ihnen die Berechtigung.', code: 'FORBIDDEN' },
  404: { message: 'Nicht gefunden.', code: 'NOT_FOUND' },
  405: { message: 'Diese Methode ist hier nicht erlaubt.', code: 'VALIDATION' },
  413: { message: 'Die Anfrage ist zu groß.', code: 'PAYLOAD_TOO_LARGE' },
  415: { message: 'Nicht unterstütztes Datenformat. Bitte JSON senden.', code: 'UNSUPPORTED_MEDIA_TYPE' },
  429: { message: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.', code: 'RATE_LIMITED' },
};

const invalidJson: ApiErrorBody = { message: 'Die Anfrage enthält kein gültiges JSON.', code: 'INVALID_JSON' };
const badRequest: ApiErrorBody = { message: 'Die Anfrage ist ungültig.', code: 'VALIDATION' };

const fastifyCodes: Record<string, ApiErrorBody> = {
  FST_ERR_CTP_INVALID_JSON_BODY: invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: invalidJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: badRequest,
};

export const internalErrorBody: ApiErrorBody = {
  message: 'Interner Serverfehler. Bitte versuchen Sie es später erneut.',
  code: 'INTERNAL',
};

/** Maps any thrown error to `{message, code}` in German; internals are logged, never sent. */
export function toErrorResponse(error: FastifyError | Error): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError) return { status: error.statusCode, body: error.toBody() };
  const fastifyError = error as FastifyError;
  const known = fastifyCodes[fastifyError.code];
  if (known) return { status: 400, body: { ...known } };
  if (error instanceof SyntaxError) return { status: 400, body: { ...invalidJson } };
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, body: { ...(statusMessages[status] ?? badRequest) } };
  return { status: 500, body: internalErrorBody };
}

export const errorHandlerPlugin = fp(
  (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = toErrorResponse(error);
      if (status >= 500) request.log.error({ err: error }, 'Unerwarteter Fehler');
      else request.log.info({ code: body.code, status }, body.message);
      return reply.status(status).type('application/json; charset=utf-8').send(body);
    });
    return Promise.resolve();
  },
  { name: 'error-handler' },
);
