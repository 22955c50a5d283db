import type { DiaryEntry } from '@sanidok/schema';
import type { Db } from '../../db/connection';

/** The columns a diary entry is built from, the author's name joined; `version` for the pull. */
export function diaryEntriesQuery(db: Db) {
  return db.selectFrom('serviceDiaryEntries as d').leftJoin('users as u', 'u.id', 'd.authorId')
    .select(['d.id', 'd.serviceId', 'd.organizationId', 'd.text', 'd.occurredAt', 'd.authorId', 'd.createdAt', 'd.version', 'u.fullName', 'u.username']);
}

type DiaryColumns = Awaited<ReturnType<ReturnType<typeof diaryEntriesQuery>['executeTakeFirstOrThrow']>>;

export function toDiaryEntry(row: DiaryColumns): DiaryEntry {
  return {
    id: row.id, serviceId: row.serviceId, organizationId: row.organizationId, text: row.text, occurredAt: row.occurredAt,
    authorId: row.authorId, authorName: row.fullName ?? row.username ?? null, createdAt: row.createdAt,
  };
}
