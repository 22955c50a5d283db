import { decryptAtRest, encryptAtRest, verifyPassword } from '@sanidok/crypto';
import type { RecoveryCodesResponse, TotpSetupResponse } from '@sanidok/schema';
import { confirmTotpSetupSchema, secondFactorCodeSchema, startTotpSetupSchema, totpProofSchema, twoFactorMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../db/database';
import type { CommandContext } from '../context';
import { AppError, validate } from '../errors';
import { mailTwoFactorChanged } from '../mail/events';
import { destroyUserSessions } from '../sessions/sessions';
import { nowIso } from '../time';
import { newRecoveryCodes, newTotpSecret, recoveryCodeDigest, totpStepOf, totpUri } from './totp';
import { wrongCurrentPassword } from './accountErrors';

/**
 * Two-factor sign-in (docs/security.md "Two factors"): set-up, change of device,
 * switching off, recovery codes, and the second step of a sign-in. Platform admins must have it
 * (admin/policy.ts refuses the admin area without); a password reset — by a platform admin or by
 * e-mail — never touches it, so a reset password alone does not open an account that has it.
 */

const secretContext = (userId: number) => `totp:${String(userId)}`;
const wrongCode = () => new AppError(401, 'TOTP_INVALID', twoFactorMessages.wrongCode, { code: twoFactorMessages.wrongCode });

/** Starts a set-up: a new secret waits for its first code. With two factors on, a current code is needed too. */
export async function startTotpSetup(ctx: CommandContext, input: unknown): Promise<TotpSetupResponse> {
  const data = validate(startTotpSetupSchema, input);
  await assertPassword(ctx.user, data.currentPassword);
  if (ctx.user.totpEnabledAt !== null) {
    if (!data.code) throw new AppError(409, 'CONFLICT', twoFactorMessages.alreadyEnabled, { code: twoFactorMessages.alreadyEnabled });
    await assertSecondFactor(ctx, ctx.user, data.code);
  }
  const secret = newTotpSecret();
  await ctx.db
    .updateTable('users')
    .set({ totpPendingSecret: await encryptAtRest(ctx.dataKey, secret, secretContext(ctx.user.id)) })
    .where('id', '=', ctx.user.id)
    .execute();
  return { secret, otpauthUri: totpUri(secret, ctx.user.username) };
}

/**
 * The first code from the app turns the pending secret on: new recovery codes, the account's other
 * sessions end (one opened before the set-up keeps no way around it), and the holder gets a mail.
 */
export async function confirmTotpSetup(ctx: CommandContext, input: unknown, keepSessionId?: string): Promise<RecoveryCodesResponse> {
  const data = validate(confirmTotpSetupSchema, input);
  const pending = ctx.user.totpPendingSecret;
  if (pending === null) throw new AppError(409, 'CONFLICT', twoFactorMessages.noPendingSetup);
  const step = totpStepOf(await decryptAtRest(ctx.dataKey, pending, secretContext(ctx.user.id)), data.code);
  if (step === null) throw wrongCode();
  const change = ctx.user.totpEnabledAt === null ? 'eingerichtet' : 'auf ein neues Gerät umgestellt';
  return ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ totpSecret: pending, totpPendingSecret: null, totpEnabledAt: nowIso(), totpLastStep: step, updatedAt: nowIso() })
      .where('id', '=', ctx.user.id)
      .execute();
    const recoveryCodes = await replaceRecoveryCodes(trx, ctx.user.id, ctx.dataKey);
    await destroyUserSessions(trx, ctx.user.id, keepSessionId);
    await mailTwoFactorChanged(trx, ctx.user, change, ctx.request.ipAddress);
    return { recoveryCodes };
  });
}

/** Switches two factors off (not for platform admins): password and a current code. */
export async function disableTotp(ctx: CommandContext, input: unknown): Promise<void> {
  const data = validate(totpProofSchema, input);
  if (ctx.user.isAdmin === 1) throw new AppError(403, 'FORBIDDEN', twoFactorMessages.adminCannotDisable);
  if (ctx.user.totpEnabledAt === null) throw new AppError(409, 'CONFLICT', twoFactorMessages.notEnabled);
  await assertPassword(ctx.user, data.currentPassword);
  await assertSecondFactor(ctx, ctx.user, data.code);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: nowIso() })
      .where('id', '=', ctx.user.id)
      .execute();
    await trx.deleteFrom('recoveryCodes').where('userId', '=', ctx.user.id).execute();
    await mailTwoFactorChanged(trx, ctx.user, 'abgeschaltet', ctx.request.ipAddress);
  });
}

/** Ten new recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(ctx: CommandContext, input: unknown): Promise<RecoveryCodesResponse> {
  const data = validate(totpProofSchema, input);
  if (ctx.user.totpEnabledAt === null) throw new AppError(409, 'CONFLICT', twoFactorMessages.notEnabled);
  await assertPassword(ctx.user, data.currentPassword);
  await assertSecondFactor(ctx, ctx.user, data.code);
  return ctx.db.transaction().execute(async (trx) => {
    const recoveryCodes = await replaceRecoveryCodes(trx, ctx.user.id, ctx.dataKey);
    await mailTwoFactorChanged(trx, ctx.user, 'neue Wiederherstellungscodes erzeugt', ctx.request.ipAddress);
    return { recoveryCodes };
  });
}

/**
 * The second step of a sign-in, after the right password: nothing to do without two factors; else
 * 401 TOTP_REQUIRED without a code (the form then asks for it) and 401 TOTP_INVALID for a wrong or
 * reused one, which counts against the account like a wrong password (plugins/rateLimit.ts).
 */
export async function checkSecondFactor(ctx: Omit<CommandContext, 'user'>, user: UserRow, code: string | undefined): Promise<void> {
  if (user.totpEnabledAt === null) return;
  if (code === undefined || code.trim() === '') throw new AppError(401, 'TOTP_REQUIRED', twoFactorMessages.required);
  await assertSecondFactor(ctx, user, code);
}

async function assertSecondFactor(ctx: Omit<CommandContext, 'user'>, user: UserRow, rawCode: string): Promise<void> {
  const parsed = secondFactorCodeSchema.safeParse(rawCode);
  if (!parsed.success || user.totpSecret === null) throw wrongCode();
  const code = parsed.data;
  if (/^\d+$/.test(code)) {
    const step = totpStepOf(await decryptAtRest(ctx.dataKey, user.totpSecret, secretContext(user.id)), code);
    // One statement checks and records the step, so two requests with one code cannot both pass.
    const used =
      step !== null &&
      (await ctx.db
        .updateTable('users')
        .set({ totpLastStep: step })
        .where('id', '=', user.id)
        .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
        .executeTakeFirst());
    if (!used || Number(used.numUpdatedRows) === 0) throw wrongCode();
    return;
  }
  const spent = await ctx.db
    .updateTable('recoveryCodes')
    .set({ usedAt: nowIso() })
    .where('userId', '=', user.id)
    .where('codeDigest', '=', recoveryCodeDigest(ctx.dataKey, user.id, code))
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) === 0) throw wrongCode();
  await mailTwoFactorChanged(ctx.db, user, 'ein Wiederherstellungscode wurde zur Anmeldung benutzt', ctx.request.ipAddress);
}

async function assertPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) throw wrongCurrentPassword();
}

async function replaceRecoveryCodes(db: Db, userId: number, dataKey: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  const now = nowIso();
  await db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
  await db
    .insertInto('recoveryCodes')
    .values(codes.map((code) => ({ userId, codeDigest: recoveryCodeDigest(dataKey, userId, code), createdAt: now })))
    .execute();
  return codes;
}
