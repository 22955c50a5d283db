import { randomReadable } from '@sanidok/crypto';
import type { BetaCodeItem, BetaCodeUsageItem, BetaModeResponse } from '@sanidok/schema';
import { adminMessages, betaCodeGenerateSchema, betaCodeToggleSchema, betaModeUpdateSchema, idParam } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { CommandContext } from '../context';
import { isUniqueViolation, notFound, validate } from '../errors';
import { isBetaModeEnabled, setBetaMode } from '../settings/systemSettings';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';
import { recordAdminAction } from '../audit';

/** Beta mode and beta codes (docs/spec/accounts.md §2 beta tab); the code check at registration is consumeBetaCode.ts. */

export async function getBetaMode(db: Db): Promise<BetaModeResponse> {
  return { betaModeEnabled: await isBetaModeEnabled(db) };
}

export async function updateBetaMode(ctx: CommandContext, input: unknown): Promise<BetaModeResponse> {
  const { enabled } = validate(betaModeUpdateSchema, input);
  await inTransaction(ctx.db, async (trx) => {
    await setBetaMode(trx, enabled, ctx.user.id);
    await recordAdminAction(trx, ctx, { action: 'beta_mode.set', targetType: 'setting', targetName: 'beta_mode_enabled', details: { enabled } });
  });
  return { betaModeEnabled: enabled };
}

function codesQuery(db: Db) {
  return db
    .selectFrom('betaInviteCodes as c')
    .leftJoin('users as u', 'u.id', 'c.createdById')
    .select(['c.id', 'c.code', 'c.description', 'c.isActive', 'c.maxUses', 'c.usedCount', 'c.createdAt', 'c.createdById', 'c.expiresAt', 'u.username as creatorUsername']);
}

type CodeRow = Awaited<ReturnType<ReturnType<typeof codesQuery>['executeTakeFirstOrThrow']>>;
const toItem = (row: CodeRow): BetaCodeItem => ({ ...row, isActive: row.isActive === 1 });

export async function listBetaCodes(db: Db): Promise<BetaCodeItem[]> {
  return (await codesQuery(db).orderBy('c.id', 'desc').execute()).map(toItem);
}

/** BETA-XXXXXX-XXXXXX from the CSPRNG: 32 readable characters, 60 bits of chance per code. */
export const newBetaCode = () => `BETA-${randomReadable(6)}-${randomReadable(6)}`;

export async function generateBetaCode(ctx: CommandContext, input: unknown): Promise<BetaCodeItem> {
  const data = validate(betaCodeGenerateSchema, input);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await inTransaction(ctx.db, async (trx) => {
        const { id } = await trx
          .insertInto('betaInviteCodes')
          .values({ code: newBetaCode(), description: data.description, isActive: 1, maxUses: data.maxUses, usedCount: 0, createdAt: nowIso(), createdById: ctx.user.id, expiresAt: data.expiresAt })
          .returning('id')
          .executeTakeFirstOrThrow();
        const item = toItem(await codesQuery(trx).where('c.id', '=', id).executeTakeFirstOrThrow());
        await recordAdminAction(trx, ctx, {
          action: 'beta_code.generate', targetType: 'beta_code', targetId: id, targetName: item.code,
          details: { maxUses: item.maxUses, expiresAt: item.expiresAt, description: item.description },
        });
        return item;
      });
    } catch (error) {
      // A collision is astronomically rare; a fresh draw settles it.
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

export async function toggleBetaCode(ctx: CommandContext, codeId: unknown, input: unknown): Promise<BetaCodeItem> {
  const id = idParam.safeParse(codeId);
  const { isActive } = validate(betaCodeToggleSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const updated = id.success
      ? await trx.updateTable('betaInviteCodes').set({ isActive: isActive ? 1 : 0 }).where('id', '=', id.data).returning('id').executeTakeFirst()
      : undefined;
    if (!updated) throw notFound(adminMessages.betaCodeNotFound);
    const item = toItem(await codesQuery(trx).where('c.id', '=', updated.id).executeTakeFirstOrThrow());
    await recordAdminAction(trx, ctx, { action: 'beta_code.toggle', targetType: 'beta_code', targetId: item.id, targetName: item.code, details: { isActive } });
    return item;
  });
}

/** Who registered with which code (docs/spec/accounts.md §3 beta_code_usage, admin view), newest first. */
export async function listBetaCodeUsage(db: Db): Promise<BetaCodeUsageItem[]> {
  return db
    .selectFrom('betaCodeUsage as b')
    .innerJoin('betaInviteCodes as c', 'c.id', 'b.codeId')
    .leftJoin('users as u', 'u.id', 'b.userId')
    .select(['b.id', 'b.usedAt', 'u.username', 'u.email', 'c.code', 'c.description as codeDescription', 'b.ipAddress'])
    .orderBy('b.id', 'desc')
    .limit(500)
    .execute();
}
