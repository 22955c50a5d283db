import { confirmEmailVerificationSchema, emailVerificationHours, emailVerificationMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { CommandContext } from '../context';
import { AppError, conflict, validate } from '../errors';
import { mailEmailVerification } from '../mail/events';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';
import { issueAccountToken, spendAccountToken, verifyAccountToken } from './accountTokens';
import type { ResetSettings } from './passwordReset';
import type { WindowCounter } from './windowCounter';

/**
 * Optional confirmation of the account's e-mail address, with the password
 * reset's single-use tokens (./accountTokens.ts). The token names the address it was sent to: a
 * link for an address the account no longer has confirms nothing. The profile and the admin list
 * show the state; alerts and resets go to the address either way (docs/decisions.md).
 */
const purpose = 'email_verification';

/** POST /api/account/email-verification/request: a link to the account's own address, 3 an hour. */
export async function requestEmailVerification(ctx: CommandContext, perUser: WindowCounter, settings: ResetSettings): Promise<{ ok: true; message: string }> {
  const { user } = ctx;
  if (!user.email) throw new AppError(400, 'VALIDATION', emailVerificationMessages.noAddress);
  if (user.emailVerifiedAt !== null) throw conflict(emailVerificationMessages.alreadyVerified);
  if (!perUser.take(String(user.id))) throw new AppError(429, 'RATE_LIMITED', emailVerificationMessages.tooMany);
  const email = user.email;
  await inTransaction(ctx.db, async (trx) => {
    const { token, expiresAt } = await issueAccountToken(trx, user.id, purpose, { dataKey: settings.dataKey, validMinutes: emailVerificationHours * 60, claims: { email } });
    const verifyUrl = `${settings.linkOrigin}/e-mail-bestaetigen?token=${encodeURIComponent(token)}`;
    await mailEmailVerification(trx, user, { verifyUrl, expiresAt }, settings.dataKey);
  });
  return { ok: true, message: emailVerificationMessages.sent };
}

/** POST /api/account/email-verification/confirm {token}: public, as the link may open on another device. */
export async function confirmEmailVerification(db: Db, input: unknown, dataKey: string): Promise<{ ok: true; message: string }> {
  const { token } = validate(confirmEmailVerificationSchema, input);
  const invalid = () => new AppError(400, 'VALIDATION', emailVerificationMessages.tokenInvalid, { token: emailVerificationMessages.tokenInvalid });
  const verified = await verifyAccountToken(token, purpose, dataKey);
  if (!verified) throw invalid();
  await inTransaction(db, async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', verified.userId).executeTakeFirst();
    if (!user || user.email === null || user.email !== verified.claims.email) throw invalid();
    if (!(await spendAccountToken(trx, token, user.id, purpose))) throw invalid();
    await trx.updateTable('users').set({ emailVerifiedAt: nowIso() }).where('id', '=', user.id).execute();
  });
  return { ok: true, message: emailVerificationMessages.done };
}
