import { adminTotpSecret, freshTotpCode, totpCodeOf } from '../helpers/admin';
import type { CaseContext, RequestBuilder, RequestSpec, TwoFactorKey } from './requestTypes';
import { secondSession } from './world';

/**
 * The two-factor calls (domain/accounts/twoFactor.ts) act on the caller's own account. Each case
 * runs in a second session of the actor and puts the account back afterwards: its TOTP columns,
 * its recovery codes, and the sessions a confirmation ends — so later rows (sign-in above all)
 * meet the world as it was.
 */
interface Account {
  id: number;
  username: string;
  password: string;
}

const ownAccount = (c: CaseContext): Account | undefined => (c.actor === 'anonymous' ? undefined : c.world.users[c.actor]);

async function restoring(c: CaseContext, spec: (as: RequestSpec['as'], user: Account) => Promise<RequestSpec>): Promise<RequestSpec> {
  const user = ownAccount(c);
  if (!user) return spec(undefined, { id: 0, username: c.world.users.stranger.username, password: c.world.users.stranger.password });
  const db = c.world.app.db;
  const before = await db
    .selectFrom('users')
    .select(['totpSecret', 'totpPendingSecret', 'totpEnabledAt', 'totpLastStep'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  const sessions = await db.selectFrom('sessions').selectAll().where('userId', '=', user.id).execute();
  const codes = await db.selectFrom('recoveryCodes').selectAll().where('userId', '=', user.id).execute();
  const built = await spec(await secondSession(c.world, user.id), user);
  return {
    ...built,
    cleanup: async () => {
      await db.updateTable('users').set(before).where('id', '=', user.id).execute();
      await db.deleteFrom('recoveryCodes').where('userId', '=', user.id).execute();
      if (codes.length) await db.insertInto('recoveryCodes').values(codes.map(({ id: _id, ...code }) => code)).execute();
      for (const session of sessions) await db.insertInto('sessions').values(session).onConflict((oc) => oc.column('id').doNothing()).execute();
    },
  };
}

/** A current code of the actor, setting two factors up first (directly, as a finished set-up would) where needed. */
async function currentCode(c: CaseContext, user: Account, as: RequestSpec['as']): Promise<string> {
  if (c.actor === 'platformAdmin') return freshTotpCode(c.world.app, user.username, adminTotpSecret(c.world.app));
  if (!as) return '123456';
  const setup = await as.request({ method: 'POST', url: '/api/account/totp/setup', payload: { currentPassword: user.password } });
  const { secret } = setup.json<{ secret: string }>();
  await as.request({ method: 'POST', url: '/api/account/totp/confirm', payload: { code: totpCodeOf(secret) } });
  return freshTotpCode(c.world.app, user.username, secret);
}

export const twoFactorRequests: Record<TwoFactorKey, RequestBuilder> = {
  'POST /api/account/totp/setup': (c) =>
    restoring(c, async (as, user) => ({
      url: '/api/account/totp/setup',
      as,
      payload: { currentPassword: user.password, ...(c.actor === 'platformAdmin' && { code: await currentCode(c, user, as) }) },
    })),
  'POST /api/account/totp/confirm': (c) =>
    restoring(c, async (as, user) => {
      const code = c.actor === 'platformAdmin' ? await currentCode(c, user, as) : undefined;
      const setup = as ? await as.request({ method: 'POST', url: '/api/account/totp/setup', payload: { currentPassword: user.password, code } }) : undefined;
      return { url: '/api/account/totp/confirm', as, payload: { code: setup ? totpCodeOf(setup.json<{ secret: string }>().secret) : '123456' } };
    }),
  'POST /api/account/totp/disable': (c) =>
    restoring(c, async (as, user) => ({ url: '/api/account/totp/disable', as, payload: { currentPassword: user.password, code: await currentCode(c, user, as) } })),
  'POST /api/account/totp/recovery-codes': (c) =>
    restoring(c, async (as, user) => ({ url: '/api/account/totp/recovery-codes', as, payload: { currentPassword: user.password, code: await currentCode(c, user, as) } })),
};
