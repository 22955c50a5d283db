import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { RequestContext } from '../context';
import { AppError } from '../errors';
import { nowIso } from '../time';

export const betaCodeMessages = {
  required: 'Die Registrierung ist derzeit nur mit einem gültigen Beta-Code möglich.',
  invalid: 'Der Beta-Code ist ungültig, abgelaufen oder bereits aufgebraucht.',
} as const;

/** Beta codes are compared in upper case without surrounding blanks: typing is forgiving. */
export const normalizeBetaCode = (code: string) => code.trim().toUpperCase();

/**
 * Takes one use of a beta code for a new user. Must run inside the transaction that creates the
 * user: the conditional UPDATE makes two registrations racing for the last use safe.
 */
export async function consumeBetaCode(trx: Db, code: string | undefined, userId: number, context: RequestContext): Promise<void> {
  if (!code) throw new AppError(400, 'BETA_CODE_REQUIRED', betaCodeMessages.required, { betaCode: betaCodeMessages.required });
  const now = nowIso();
  const taken = await trx
    .updateTable('betaInviteCodes')
    .set((eb) => ({ usedCount: eb('usedCount', '+', 1) }))
    .where('code', '=', normalizeBetaCode(code))
    .where('isActive', '=', 1)
    .where(sql<boolean>`used_count < max_uses`)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]))
    .returning('id')
    .executeTakeFirst();
  if (!taken) throw new AppError(400, 'BETA_CODE_INVALID', betaCodeMessages.invalid, { betaCode: betaCodeMessages.invalid });
  await trx
    .insertInto('betaCodeUsage')
    .values({ codeId: taken.id, userId, usedAt: now, ipAddress: context.ipAddress, userAgent: context.userAgent?.slice(0, 500) ?? null })
    .execute();
}
