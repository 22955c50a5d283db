import { apiErrorReply } from '@sanidok/schema';

/**
 * A route's replies by status, plus the one error body (`{message, code[, fields]}`, German) for
 * every refusal and for 500: the error handler's answers go through the same serializer.
 */
export const replies = <R extends Record<number, unknown>>(ok: R) => ({ ...ok, '4xx': apiErrorReply, 500: apiErrorReply });
