import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './client';

/**
 * Puts the server's per-field messages (ApiError.fields) on the matching form fields, so a
 * rejected value is marked where it was typed. Fields the form does not show are ignored; the
 * toast carries the overall message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const field of fields) {
    const message = error.fields[field];
    if (message) setError(field, { type: 'server', message });
  }
}
