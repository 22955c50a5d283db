import type { OperatorDetails, OperatorDetailsResponse } from '@sanidok/schema';
import { operatorDetailFields, operatorDetailsSchema } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import { recordAdminAction } from '../audit';
import type { CommandContext } from '../context';
import { validate } from '../errors';
import { nowIso } from '../time';
import { inTransaction } from '../transaction';

/**
 * The operator named on Impressum and Datenschutz. Anyone may read it (the legal
 * pages are public and cached for offline use); only platform admins change it (the admin routes'
 * guard), and each change goes to the audit log.
 */

const ROW_ID = 1;

export async function getOperatorDetails(db: Db): Promise<OperatorDetailsResponse> {
  const row = await db
    .selectFrom('operatorDetails')
    .select([...operatorDetailFields, 'updatedAt'])
    .where('id', '=', ROW_ID)
    .executeTakeFirst();
  return { operator: row ?? null };
}

export async function setOperatorDetails(ctx: CommandContext, input: unknown): Promise<OperatorDetailsResponse> {
  const values = validate(operatorDetailsSchema, input);
  const updatedAt = nowIso();
  await inTransaction(ctx.db, async (trx) => {
    const row = { ...values, updatedAt, updatedById: ctx.user.id };
    await trx
      .insertInto('operatorDetails')
      .values({ id: ROW_ID, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
    await recordAdminAction(trx, ctx, { action: 'operator_details.set', targetType: 'setting', targetName: 'operator_details', details: { name: values.name } });
  });
  const operator: OperatorDetails = { ...values, updatedAt };
  return { operator };
}
