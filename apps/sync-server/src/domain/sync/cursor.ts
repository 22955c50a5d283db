import { syncMessages } from '@sanidok/schema';
import { z } from 'zod';
import { AppError } from '../errors';

/** Pull cursor: one version per organisation, as base64url JSON. Opaque to devices. */
const cursorSchema = z.record(z.string().regex(/^\d{1,15}$/), z.number().int().nonnegative());

export function decodeCursor(cursor: string | undefined): Record<string, number> {
  if (!cursor) return {};
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new AppError(400, 'VALIDATION', syncMessages.badCursor);
  }
}

export function encodeCursor(versions: Record<string, number>): string {
  return Buffer.from(JSON.stringify(versions), 'utf8').toString('base64url');
}
