import { keyRecoveryMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../db/database';
import { checkSecondFactor } from './twoFactor';
import type { CommandContext } from '../context';
import { AppError } from '../errors';

/**
 * Proofs a platform admin cannot forge (docs/decisions.md "Proofs a platform admin cannot forge").
 * A platform admin can set any user's password and runs the mail server, so a password — and a
 * session opened with it — proves nothing about who is typing. What does: a second factor set up
 * before the last password reset (the admin cannot sign in past it, nor read its secret), the
 * organisation key (./keyRotation.ts), or an organisation admin's approval (./keyRecovery.ts).
 */

/** Set up before any password reset that is still unproven: a factor the resetting admin never held. */
export function hasTrustedSecondFactor(user: Pick<UserRow, 'totpEnabledAt' | 'keyProofRequiredSince'>): boolean {
  return user.totpEnabledAt !== null && (user.keyProofRequiredSince === null || user.totpEnabledAt < user.keyProofRequiredSince);
}

/** After a password reset nothing that touches the organisation key counts until the holder proved themselves. */
export const mustProveAfterReset = (user: Pick<UserRow, 'keyProofRequiredSince'>) => user.keyProofRequiredSince !== null;

export const proofAfterResetRefused = () => new AppError(403, 'OWNER_PROOF_REQUIRED', keyRecoveryMessages.proofAfterReset);
const wrongCode = () => new AppError(400, 'TOTP_INVALID', keyRecoveryMessages.wrongCode, { totpCode: keyRecoveryMessages.wrongCode });

/**
 * Checks a code of the caller's trusted second factor (TOTP or an unused recovery code). A wrong
 * or reused code is a 400 that changes nothing but the used time step; a factor set up after a
 * reset counts as none (whoever reset the password may have set it up).
 */
export async function proveSecondFactor(ctx: CommandContext, code: string): Promise<void> {
  if (!hasTrustedSecondFactor(ctx.user)) throw mustProveAfterReset(ctx.user) ? proofAfterResetRefused() : wrongCode();
  try {
    await checkSecondFactor(ctx, ctx.user, code);
  } catch (error) {
    // checkSecondFactor answers as a sign-in does (401); here the session stays valid.
    if (error instanceof AppError) throw wrongCode();
    throw error;
  }
}

/** The holder proved a second factor or the key: the reset no longer stands in the way. */
export async function clearProofAfterReset(trx: Db, userId: number): Promise<void> {
  await trx.updateTable('users').set({ keyProofRequiredSince: null }).where('id', '=', userId).execute();
}
