import type { DiaryEntry } from '@sanidok/schema';
import { createDiaryEntrySchema } from '@sanidok/schema';
import type { CommandContext } from '../context';
import { conflict, validate } from '../errors';
import { authorizeCapture } from '../services/access';
import { deviceTime, nowIso } from '../time';
import { inTransaction } from '../transaction';
import { nextVersion } from '../versions';
import { diaryEntriesQuery, toDiaryEntry } from './queries';

export const diaryMessages = { exists: 'Dieser Tagebucheintrag wurde bereits erfasst.' } as const;

/**
 * A manual entry of a service's diary (sync mutation diaryEntry.create). The rule of
 * every capture: any member, on a service that is neither blocked (423) nor archived (409). The
 * entry keeps the device's time (written offline, it arrives later), never one in the future.
 */
export async function createDiaryEntry(ctx: CommandContext, input: unknown): Promise<DiaryEntry> {
  const data = validate(createDiaryEntrySchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { service } = await authorizeCapture(trx, data.serviceId, ctx.user);
    // `on conflict do nothing`: a unique violation would abort a PostgreSQL transaction.
    const inserted = await trx.insertInto('serviceDiaryEntries').values({
      id: data.id, serviceId: service.id, organizationId: service.organizationId, text: data.text, occurredAt: deviceTime(data.occurredAt),
      authorId: ctx.user.id, createdAt: nowIso(), version: await nextVersion(trx),
    }).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw conflict(diaryMessages.exists);
    return toDiaryEntry(await diaryEntriesQuery(trx).where('d.id', '=', data.id).executeTakeFirstOrThrow());
  });
}
