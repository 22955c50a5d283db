import { createSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * Replies go through their schema (`safeEncode`, then JSON): a field the schema does not name is
 * dropped (test/routes/api/replyLeaks.test.ts). Apart from plugins/typedRoutes.ts so that the
 * bench (bench/serialization.ts) measures exactly this without the server's plugins.
 */
export const sharedSchemaSerializerCompiler = createSerializerCompiler();
