import type { VitalParameterType, VitalRecord } from '@sanidok/schema';
import { isRichVitalsBody, recordVitalsSchema, simpleVitalsRequestSchema, simpleVitalsToValues, withholdClinical } from '@sanidok/schema';
import type { z } from 'zod';
import { insertRow } from '../../db/compiledInsert';
import type { Db } from '../../db/connection';
import type { CommandContext, QueryContext } from '../context';
import { conflict, isUniqueViolation, validate } from '../errors';
import { nextVersion } from '../versions';
import { deviceTime, nowIso } from '../time';
import { inTransaction } from '../transaction';
import { enteredInErrorColumns, withEnteredInError } from '../recordHistory/enteredInError';
import { authorizeProtocolEdit, requireProtocolAccess } from './access';

type RecordInput = z.output<typeof recordVitalsSchema>;

/**
 * Both vital-sign forms become one record with values (docs/spec/services.md §7): the rich body's `values` (or
 * the spec's `vitalSigns`), or the simple form's fields converted. At least one value.
 */
export function parseVitalsInput(input: unknown): RecordInput {
  if (isRichVitalsBody(input)) {
    const { vitalSigns, ...rest } = input;
    return validate(recordVitalsSchema, rest.values === undefined ? { ...rest, values: vitalSigns } : rest);
  }
  const { id, protocolId, recordedAt, ...simple } = validate(simpleVitalsRequestSchema, input);
  return validate(recordVitalsSchema, { id, protocolId, recordedAt, values: simpleVitalsToValues(simple) });
}

/** 'vitals.record' and POST …/vital-signs. Insert-only: a measurement never conflicts. */
export async function recordVitals(ctx: CommandContext, input: unknown): Promise<VitalRecord> {
  const data = parseVitalsInput(input);
  const id = data.id ?? globalThis.crypto.randomUUID();
  return inTransaction(ctx.db, async (trx) => {
    const { protocol } = await authorizeProtocolEdit(trx, data.protocolId, ctx.user);
    try {
      await insertRow(trx, 'vitalSignRecords', {
        id, protocolId: protocol.id, organizationId: protocol.organizationId, recordedAt: deviceTime(data.recordedAt), receivedAt: nowIso(),
        recordedById: ctx.user.id, version: await nextVersion(trx),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Diese Messung wurde bereits erfasst.');
      throw error;
    }
    for (const [position, value] of data.values.entries()) {
      await insertRow(trx, 'vitalSignValues', { recordId: id, position, parameterType: value.parameterType, value: value.value, unit: value.unit });
    }
    const [record] = await toVitalRecords(trx, [await vitalRecordsQuery(trx).where('id', '=', id).executeTakeFirstOrThrow()]);
    if (!record) throw new Error('Messung nach dem Speichern nicht lesbar');
    return withoutVersion(record);
  });
}

export function vitalRecordsQuery(db: Db) {
  return db.selectFrom('vitalSignRecords').select(['id', 'protocolId', 'organizationId', 'recordedAt', 'recordedById', 'version', ...enteredInErrorColumns]);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof vitalRecordsQuery>['executeTakeFirstOrThrow']>>;

/** Attaches the values (in the order they were sent) to each record. */
export async function toVitalRecords(db: Db, rows: RecordRow[]): Promise<(VitalRecord & { version: number })[]> {
  if (rows.length === 0) return [];
  const values = await db
    .selectFrom('vitalSignValues')
    .selectAll()
    .where('recordId', 'in', rows.map((r) => r.id))
    .orderBy('recordId')
    .orderBy('position')
    .execute();
  // Grouped once: filtering all values per record is quadratic (the archive releases 1,000 records).
  const byRecord = new Map<string, typeof values>();
  for (const value of values) {
    const list = byRecord.get(value.recordId);
    if (list) list.push(value);
    else byRecord.set(value.recordId, [value]);
  }
  return rows.map((row) => ({
    ...withEnteredInError(row),
    values: (byRecord.get(row.id) ?? []).map((v) => ({ id: `${v.recordId}:${v.position}`, parameterType: v.parameterType as VitalParameterType, value: v.value, unit: v.unit })),
  }));
}

const withoutVersion = ({ version: _v, ...record }: VitalRecord & { version: number }): VitalRecord => record;

/**
 * GET …/vital-signs: members, oldest first; without the values, to everyone: REST is what a copied
 * session cookie reaches, and the clinical part travels only sealed to the team's devices in the
 * pull (docs/security.md "Clinical data follows the team").
 */
export async function listVitals(ctx: QueryContext, protocolId: unknown): Promise<VitalRecord[]> {
  const { db, user } = ctx;
  const { protocol } = await requireProtocolAccess(db, protocolId, user);
  const rows = await vitalRecordsQuery(db).where('protocolId', '=', protocol.id).orderBy('recordedAt').orderBy('id').execute();
  const records = (await toVitalRecords(db, rows)).map(withoutVersion);
  return records.map((record) => withholdClinical('vitalRecord', record));
}
