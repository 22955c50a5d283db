import { ZodError } from 'zod';
import { servicesDe } from '../../i18n/services.de';
import { localWriteErrorText } from '../../lib/localWriteErrors';

/**
 * The text of a failed local write for the spec's toasts ('… : {message}'): the German message of
 * a validation error's first issue, the wording of a refused local write, else the error's own message.
 */
export function errorText(error: unknown): string {
  if (error instanceof ZodError) return error.issues[0]?.message ?? servicesDe.toasts.unknownError;
  const refusal = localWriteErrorText(error);
  if (refusal) return refusal;
  if (error instanceof Error && error.message) return error.message;
  return servicesDe.toasts.unknownError;
}
