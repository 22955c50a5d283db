import type { EnteredInError, RecordRevisionEntity } from '@sanidok/schema';
import { enteredInErrorField, markEnteredInErrorSchema, recordHistoryMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { CommandContext } from '../context';
import { notFound, rethrowNotFoundAs, validate } from '../errors';
import { authorizeCapture } from '../services/access';
import { inTransaction } from '../transaction';
import { nextVersion } from '../versions';
import { enteredInErrorOf } from '../recordHistory/enteredInError';
import { appendRevisions, revisionAuthor } from '../recordRevisions';
import { authorizeProtocolEdit } from './access';

type MarkedTable = 'vitalSignRecords' | 'treatmentEntries' | 'minorTreatments';

/** Where an entry lives and who may mark it: a protocol's entries while it is open, a minor treatment while its service takes documentation. */
interface MarkTarget {
  table: MarkedTable;
  entity: RecordRevisionEntity;
  authorize: (trx: Db, ctx: CommandContext, id: string) => Promise<{ organizationId: number; protocolId: string | null; reason: string | null }>;
}

async function protocolEntry(trx: Db, ctx: CommandContext, table: 'vitalSignRecords' | 'treatmentEntries', id: string) {
  const row = await trx.selectFrom(table).select(['protocolId', 'enteredInErrorReason']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(recordHistoryMessages.entryNotFound);
  const { protocol } = await authorizeProtocolEdit(trx, row.protocolId, ctx.user).catch(rethrowNotFoundAs(recordHistoryMessages.entryNotFound));
  return { organizationId: protocol.organizationId, protocolId: protocol.id, reason: row.enteredInErrorReason };
}

const targets = {
  vitals: { table: 'vitalSignRecords', entity: 'vitalRecord', authorize: (trx, ctx, id) => protocolEntry(trx, ctx, 'vitalSignRecords', id) },
  treatmentEntry: { table: 'treatmentEntries', entity: 'treatmentEntry', authorize: (trx, ctx, id) => protocolEntry(trx, ctx, 'treatmentEntries', id) },
  minorTreatment: {
    table: 'minorTreatments',
    entity: 'minorTreatment',
    async authorize(trx, ctx, id) {
      const row = await trx.selectFrom('minorTreatments').select(['serviceId', 'organizationId', 'enteredInErrorReason']).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound(recordHistoryMessages.entryNotFound);
      await authorizeCapture(trx, row.serviceId, ctx.user).catch(rethrowNotFoundAs(recordHistoryMessages.entryNotFound));
      return { organizationId: row.organizationId, protocolId: null, reason: row.enteredInErrorReason };
    },
  },
} satisfies Record<string, MarkTarget>;

/** What a mark answers: the entry and its mark, nothing else (a minor treatment's name stays with the team). */
export interface MarkedEntry {
  id: string;
  enteredInError: EnteredInError;
}

/**
 * Marks a wrong entry "irrtümlich" instead of deleting it: the row stays (struck through on every
 * screen and print), the reason is required, and the mark is a revision of the history. Marking
 * again (another device, offline) changes the reason and keeps the earlier one in the history.
 */
async function markInError(ctx: CommandContext, target: MarkTarget, input: unknown): Promise<MarkedEntry> {
  const data = validate(markEnteredInErrorSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const entry = await target.authorize(trx, ctx, data.id);
    const author = revisionAuthor(ctx, entry, data.markedAt);
    if (entry.reason !== data.reason) {
      const version = await nextVersion(trx);
      await appendRevisions(trx, author, target.entity, data.id, version, [{ field: enteredInErrorField, oldValue: entry.reason, newValue: data.reason }]);
      await trx
        .updateTable(target.table)
        .set({ enteredInErrorAt: author.changedAt, enteredInErrorReason: data.reason, enteredInErrorById: ctx.user.id, version })
        .where('id', '=', data.id)
        .execute();
    }
    const row = await trx.selectFrom(target.table).select(['enteredInErrorAt', 'enteredInErrorReason', 'enteredInErrorById']).where('id', '=', data.id).executeTakeFirstOrThrow();
    const mark = enteredInErrorOf(row);
    if (!mark) throw new Error('Markierung nach dem Speichern nicht lesbar');
    return { id: data.id, enteredInError: mark };
  });
}

/** 'vitals.markInError' */
export const markVitalsInError = (ctx: CommandContext, input: unknown) => markInError(ctx, targets.vitals, input);
/** 'treatmentEntry.markInError' */
export const markTreatmentEntryInError = (ctx: CommandContext, input: unknown) => markInError(ctx, targets.treatmentEntry, input);
/** 'minorTreatment.markInError' */
export const markMinorTreatmentInError = (ctx: CommandContext, input: unknown) => markInError(ctx, targets.minorTreatment, input);
