import type { Db } from '../../db/connection';
import { nowIso } from '../time';

export const settingKeys = { betaModeEnabled: 'beta_mode_enabled' } as const;

export async function isBetaModeEnabled(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('systemSettings')
    .select('settingValue')
    .where('settingKey', '=', settingKeys.betaModeEnabled)
    .executeTakeFirst();
  return row?.settingValue === 'true';
}

export async function setBetaMode(db: Db, enabled: boolean, byUserId: number | null): Promise<void> {
  await db
    .insertInto('systemSettings')
    .values({ settingKey: settingKeys.betaModeEnabled, settingValue: String(enabled), updatedAt: nowIso(), updatedById: byUserId })
    .onConflict((oc) => oc.column('settingKey').doUpdateSet({ settingValue: String(enabled), updatedAt: nowIso(), updatedById: byUserId }))
    .execute();
}
