import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { getOperatorDetails } from '../domain/settings/operatorDetails';
import { days } from '../domain/time';

/** How far ahead `Expires` lies: RFC 9116 asks for less than a year; written fresh on every request. */
const expiresAfterMs = days(30);

/**
 * `/.well-known/security.txt` (RFC 9116): where to report a vulnerability. The contact is the
 * operator's e-mail address from the admin area (domain/settings/operatorDetails.ts); until it is
 * entered there is no contact to name, and the file answers 404 (a security.txt without Contact is
 * invalid).
 */
export function securityTxt(email: string, now: Date, appOrigin: string | undefined): string {
  const lines = [
    `Contact: mailto:${email}`,
    `Expires: ${new Date(now.getTime() + expiresAfterMs).toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    'Preferred-Languages: de, en',
    ...(appOrigin ? [`Canonical: ${appOrigin}/.well-known/security.txt`] : []),
  ];
  return `${lines.join('\n')}\n`;
}

export const securityTxtPlugin = fp(
  (app: FastifyInstance) => {
    app.get('/.well-known/security.txt', async (_request, reply) => {
      const { operator } = await getOperatorDetails(app.db);
      void reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache');
      if (!operator) return reply.code(404).send('Die Betreiberangaben fehlen noch: Ein Plattform-Administrator trägt sie im Verwaltungsbereich ein.\n');
      return securityTxt(operator.email, new Date(), app.config.appOrigin);
    });
    return Promise.resolve();
  },
  { name: 'security-txt', dependencies: ['database'] },
);
