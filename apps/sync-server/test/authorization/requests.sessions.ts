import { sessionHandle } from '../../src/domain/sessions/devices';
import { createSession, sessionIdOf } from '../../src/domain/sessions/sessions';
import { freshMember } from './fresh';
import type { CaseContext, RequestBuilder, SessionKey } from './requestTypes';

/**
 * Sessions and devices (domain/sessions/devices.ts). Ending or reporting one acts on an extra
 * session made for the case, never on the world's own sessions, so later rows meet them as before.
 */
async function extraSessionHandle(c: CaseContext, userId: number): Promise<string> {
  const { token } = await createSession(c.world.app.db, userId, false, { ipAddress: null, userAgent: null });
  return sessionHandle(sessionIdOf(token));
}

const ownExtraSession = async (c: CaseContext): Promise<string> =>
  c.actor === 'anonymous' ? 'unbekannt' : extraSessionHandle(c, c.world.users[c.actor].id);

export const sessionRequests: Record<SessionKey, RequestBuilder> = {
  'GET /api/sessions': () => ({ url: '/api/sessions' }),
  'DELETE /api/sessions/:sessionId': async (c) => ({ url: `/api/sessions/${await ownExtraSession(c)}` }),
  'POST /api/sessions/:sessionId/lost': async (c) => ({ url: `/api/sessions/${await ownExtraSession(c)}/lost` }),
  'GET /api/organizations/:id/members/:userId/sessions': ({ world, scope }) => ({ url: `/api/organizations/${scope.org.id}/members/${world.users.member.id}/sessions` }),
  'POST /api/organizations/:id/members/:userId/sessions/:sessionId/lost': async (c) => {
    const member = await freshMember(c.world, c.scope, 'member');
    return { url: `/api/organizations/${c.scope.org.id}/members/${member.id}/sessions/${await extraSessionHandle(c, member.id)}/lost` };
  },
};
