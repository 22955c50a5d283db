import type { z } from 'zod';

/** First German message per field path ('' for the whole object), as API errors carry them. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** One sentence for a toast: the first field message, or a generic one. */
export function summaryMessage(fields: Record<string, string>): string {
  const first = Object.values(fields)[0];
  return first ?? 'Die Eingaben sind ungültig.';
}
