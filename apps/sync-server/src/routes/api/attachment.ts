import type { FastifyReply } from 'fastify';

/**
 * A reply that is a file to save: the name for every browser (ASCII fallback plus RFC 5987 UTF-8
 * form, umlauts kept) and never cached, since reports name services and teams.
 */
export function asAttachment(reply: FastifyReply, fileName: string, contentType: string): FastifyReply {
  const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '');
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('Cache-Control', 'no-store, no-cache, must-revalidate')
    .header('Pragma', 'no-cache');
}
