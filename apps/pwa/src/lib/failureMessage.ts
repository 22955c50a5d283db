import { ZodError } from 'zod';
import { localWriteErrorText } from './localWriteErrors';

/** The German reason of a failed local write: a schema message, a refusal or a storage error. */
export function failureMessage(error: unknown): string {
  if (error instanceof ZodError) return error.issues[0]?.message ?? '';
  const refusal = localWriteErrorText(error);
  if (refusal) return refusal;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}
