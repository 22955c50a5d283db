import type { EnteredInError } from '@sanidok/schema';
import type { EnteredInErrorColumns } from '../../db/database';

/** The columns of an "irrtümlich" mark, selected with every marked entry (./marks.ts writes them). */
export const enteredInErrorColumns = ['enteredInErrorAt', 'enteredInErrorReason', 'enteredInErrorById'] as const;

/** The mark as the replies carry it; null while the entry stands. */
export function enteredInErrorOf(row: EnteredInErrorColumns): EnteredInError | null {
  if (row.enteredInErrorAt === null || row.enteredInErrorReason === null) return null;
  return { at: row.enteredInErrorAt, reason: row.enteredInErrorReason, byId: row.enteredInErrorById };
}

/** A row with its mark columns folded into `enteredInError`. */
export function withEnteredInError<R extends EnteredInErrorColumns>(row: R): Omit<R, keyof EnteredInErrorColumns> & { enteredInError: EnteredInError | null } {
  const { enteredInErrorAt: _at, enteredInErrorReason: _reason, enteredInErrorById: _by, ...rest } = row;
  return { ...rest, enteredInError: enteredInErrorOf(row) };
}
