import type { ApiErrorBody, ErrorCode } from '@sanidok/schema';
import { fieldMessages, summaryMessage } from '@sanidok/schema';
import type { z } from 'zod';
import { constraintViolation } from '../db/constraintErrors';

/**
 * The one error type domain code throws. The error handler turns it into `{message, code}` with
 * its status; the message is German and shown to people as it is.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return this.fields ? { message: this.message, code: this.code, fields: this.fields } : { message: this.message, code: this.code };
  }
}

export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'Nicht angemeldet. Bitte melden Sie sich an.');
export const forbidden = (message = 'Dafür fehlt Ihnen die Berechtigung.') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Nicht gefunden.') => new AppError(404, 'NOT_FOUND', message);

/**
 * For `.catch()` after a parent's check (organisation, service): its 404 becomes the child row's
 * own, so an outsider learns as little about the row as about one that does not exist.
 */
export const rethrowNotFoundAs = (message: string) => (error: unknown): never => {
  throw error instanceof AppError && error.statusCode === 404 ? notFound(message) : error;
};
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);

/** The database's answer to a duplicate key (unique or primary): callers turn it into their own 409. */
export const isUniqueViolation = (error: unknown): boolean => {
  const violation = constraintViolation(error);
  return violation === 'unique' || violation === 'primaryKey';
};

/** Parses untrusted input with a shared schema, or throws a 400 with the German field messages. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = fieldMessages(result.error);
  return throwValidation(fields);
}

function throwValidation(fields: Record<string, string>): never {
  throw new AppError(400, 'VALIDATION', summaryMessage(fields), fields);
}
