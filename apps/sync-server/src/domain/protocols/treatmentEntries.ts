import type { TreatmentEntry } from '@sanidok/schema';
import { treatmentEntrySchema, withholdClinical } from '@sanidok/schema';
import type { z } from 'zod';
import { insertRow } from '../../db/compiledInsert';
import type { Db } from '../../db/connection';
import type { PatientProtocolRow } from '../../db/database';
import type { CommandContext, QueryContext } from '../context';
import { conflict, isUniqueViolation, validate } from '../errors';
import { nextVersion } from '../versions';
import { deviceTime, nowIso } from '../time';
import { inTransaction } from '../transaction';
import { enteredInErrorColumns, withEnteredInError } from '../recordHistory/enteredInError';
import { authorizeProtocolEdit, requireProtocolAccess } from './access';

type EntryData = Omit<z.output<typeof treatmentEntrySchema>, 'protocolId'>;

const entryColumns = ['id', 'protocolId', 'organizationId', 'time', 'text', 'performer', 'performerName', 'createdAt', 'recordedById', ...enteredInErrorColumns] as const;

/** A stored row as replies and pulls carry it (the mark folded, ../recordHistory/enteredInError.ts). */
export const toTreatmentEntry = withEnteredInError;

/** Writes entries of an open protocol (the caller authorised). Entries are insert-only. */
export async function insertTreatmentEntries(trx: Db, userId: number, protocol: PatientProtocolRow, entries: readonly EntryData[]): Promise<void> {
  const receivedAt = nowIso();
  for (const entry of entries) {
    try {
      await insertRow(trx, 'treatmentEntries', {
        id: entry.id, protocolId: protocol.id, organizationId: protocol.organizationId, time: entry.time, text: entry.text,
        performer: entry.performer, performerName: entry.performerName, createdAt: deviceTime(entry.createdAt), receivedAt,
        recordedById: userId, version: await nextVersion(trx),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Diese Maßnahme wurde bereits erfasst.');
      throw error;
    }
  }
}

/** 'treatmentEntry.add' and POST …/treatment-entries: one line of the treatment documentation. */
export async function addTreatmentEntry(ctx: CommandContext, input: unknown): Promise<TreatmentEntry> {
  const { protocolId, ...entry } = validate(treatmentEntrySchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { protocol } = await authorizeProtocolEdit(trx, protocolId, ctx.user);
    await insertTreatmentEntries(trx, ctx.user.id, protocol, [entry]);
    return toTreatmentEntry(await trx.selectFrom('treatmentEntries').select(entryColumns).where('id', '=', entry.id).executeTakeFirstOrThrow());
  });
}

/** GET …/treatment-entries: members; without the texts, as vital values (./vitals.ts `listVitals`). */
export async function listTreatmentEntries(ctx: QueryContext, protocolId: unknown): Promise<TreatmentEntry[]> {
  const { db, user } = ctx;
  const { protocol } = await requireProtocolAccess(db, protocolId, user);
  const entries = (await db.selectFrom('treatmentEntries').select(entryColumns).where('protocolId', '=', protocol.id).orderBy('createdAt').orderBy('id').execute()).map(toTreatmentEntry);
  return entries.map((entry) => withholdClinical('treatmentEntry', entry));
}

export function treatmentEntriesQuery(db: Db) {
  return db.selectFrom('treatmentEntries').select([...entryColumns, 'version']);
}
