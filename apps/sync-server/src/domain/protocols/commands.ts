import type { ProtocolDetail, ProtocolClinicalField } from '@sanidok/schema';
import { createProtocolSchema, dischargeProtocolSchema, protocolClinicalFields, protocolMessages, updateProtocolSchema } from '@sanidok/schema';
import type { Updateable } from 'kysely';
import { insertRow } from '../../db/compiledInsert';
import type { Db } from '../../db/connection';
import type { PatientProtocolsTable } from '../../db/database';
import type { CommandContext } from '../context';
import { conflict, isUniqueViolation, validate } from '../errors';
import { planFieldUpdate } from '../fieldUpdate';
import { recordUsage } from '../materialUsage/recordUsage';
import { authorizeCapture } from '../services/access';
import { nextVersion } from '../versions';
import { deviceTime, nowIso } from '../time';
import { reviewCovers } from '../reviewFlag';
import { inTransaction } from '../transaction';
import { recordDischarge } from '../recordHistory/discharge';
import { revisionAuthor } from '../recordRevisions';
import { authorizeProtocolDischarge, authorizeProtocolEdit } from './access';
import { encryptPatientData, insertPatientData, updatePatientData } from './patientData';
import { loadProtocolDetail } from './queries';
import { sealPatientDataAtDischarge } from './sealing';
import { insertTreatmentEntries } from './treatmentEntries';

/**
 * The next number of a service's protocols. Runs inside the creating transaction after it took its
 * version: SQLite has one writer, and on PostgreSQL the version counter's row lock
 * (domain/versions.ts) queues the creating transactions, so two cannot read the same maximum.
 * The unique index (service_id, service_protocol_number) would refuse a duplicate anyway.
 */
async function nextProtocolNumber(trx: Db, serviceId: string): Promise<number> {
  const row = await trx
    .selectFrom('patientProtocols')
    .select((eb) => eb.fn.max('serviceProtocolNumber').as('max'))
    .where('serviceId', '=', serviceId)
    .executeTakeFirst();
  return (row?.max ?? 0) + 1;
}

/**
 * Creates a protocol with its patient data (encrypted, own table) and material consumption, in
 * one transaction. Any member may document on a service that takes documentation.
 */
export async function createProtocol(ctx: CommandContext, input: unknown): Promise<ProtocolDetail> {
  const data = validate(createProtocolSchema, input);
  const id = data.id ?? globalThis.crypto.randomUUID();
  // Encrypted before the transaction: the write lock is held only for the writes.
  const dataEnc = await encryptPatientData(ctx.dataKey, id, data.patientData);
  return inTransaction(ctx.db, async (trx) => {
    const { service } = await authorizeCapture(trx, data.serviceId, ctx.user);
    const createdAt = deviceTime(data.createdAt);
    const now = nowIso();
    const clinical = Object.fromEntries(protocolClinicalFields.map((f) => [f, data[f]])) as Record<ProtocolClinicalField, string | null>;
    // The version first: its lock orders the numbering (see nextProtocolNumber).
    const version = await nextVersion(trx);
    try {
      await insertRow(trx, 'patientProtocols', {
        id, serviceId: service.id, organizationId: service.organizationId, serviceProtocolNumber: await nextProtocolNumber(trx, service.id),
        status: 'active', ...clinical, dischargeStatus: null, dischargeOutcome: null, dischargeDestination: null, handoverTo: null, dischargeComment: null,
        dischargedById: null, dischargedAt: null, treatedById: ctx.user.id, createdAt, receivedAt: now, updatedAt: now,
        version, fieldVersions: '{}', needsReview: 0,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(protocolMessages.exists);
      throw error;
    }
    await insertPatientData(trx, { id, organizationId: service.organizationId }, dataEnc);
    const scope = { serviceId: service.id, organizationId: service.organizationId, userId: ctx.user.id };
    await recordUsage(trx, scope, data.materials, 'patient_protocol', id, createdAt);
    return loadProtocolDetail(trx, id);
  });
}

/**
 * Field-wise update of an open protocol: clinical fields and patient data keys (concurrent edits
 * are kept as revisions, see ../fieldUpdate.ts); materials and treatment entries are added.
 */
export async function updateProtocol(ctx: CommandContext, input: unknown): Promise<ProtocolDetail> {
  const data = validate(updateProtocolSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { protocol, service } = await authorizeProtocolEdit(trx, data.id, ctx.user);
    // Every changed field appends a revision (../recordHistory/revisions.ts), with the device's time.
    const author = revisionAuthor(ctx, { organizationId: protocol.organizationId, protocolId: protocol.id }, data.updatedAt);
    const patientConflict = data.patientData
      ? await updatePatientData(trx, ctx.dataKey, ctx.user.id, protocol, data.patientData, data.patientDataBaseVersion ?? data.baseVersion, author)
      : false;
    const plan = await planFieldUpdate(trx, {
      entity: 'protocol', entityId: protocol.id, userId: ctx.user.id, editable: protocolClinicalFields, current: protocol,
      fieldVersions: protocol.fieldVersions, rowVersion: protocol.version, fields: data, baseVersion: data.baseVersion,
      history: { entity: 'protocol', author },
    });
    // "Angaben geprüft" clears the flag only when the user saw every kept conflict (../reviewFlag.ts).
    const clearReview = data.reviewed === true && protocol.needsReview === 1 && (await reviewCovers(trx, ['protocol', 'patientData'], protocol.id, data.baseVersion));
    if (plan || patientConflict || clearReview) {
      // A conflict on patient data flags the protocol too: the review is done on the protocol.
      const version = plan?.version ?? (await nextVersion(trx));
      const changes: Updateable<PatientProtocolsTable> = { ...plan?.patch, version, updatedAt: nowIso() };
      if (plan) changes.fieldVersions = plan.fieldVersions;
      if (plan?.conflicted || patientConflict) changes.needsReview = 1;
      else if (clearReview) changes.needsReview = 0;
      await trx.updateTable('patientProtocols').set(changes).where('id', '=', protocol.id).execute();
    }
    if (data.treatmentEntries?.length) await insertTreatmentEntries(trx, ctx.user.id, protocol, data.treatmentEntries);
    if (data.materials?.length) {
      const scope = { serviceId: service.id, organizationId: service.organizationId, userId: ctx.user.id };
      await recordUsage(trx, scope, data.materials, 'patient_protocol', protocol.id, deviceTime(data.updatedAt));
    }
    return loadProtocolDetail(trx, protocol.id);
  });
}

/**
 * Active → discharged (docs/spec/services.md §4). The discharging user and the time are the server's knowledge
 * (the device's time for an offline discharge); afterwards the protocol takes no edits. In the
 * same transaction the patient data is sealed to the organisation key and its server-key copy is
 * deleted (./sealing.ts): from the commit on, only the organisation owner can read it.
 */
export async function dischargeProtocol(ctx: CommandContext, input: unknown): Promise<ProtocolDetail> {
  const data = validate(dischargeProtocolSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { protocol } = await authorizeProtocolDischarge(trx, data.id, ctx.user);
    const discharge = {
      status: 'discharged' as const, dischargeStatus: data.dischargeStatus, dischargeOutcome: data.dischargeOutcome ?? null, dischargeDestination: data.dischargeDestination,
      handoverTo: data.handoverTo, dischargeComment: data.dischargeComment, dischargedById: ctx.user.id, dischargedAt: deviceTime(data.dischargedAt),
    };
    const version = await nextVersion(trx);
    // The discharge is part of the history, before the history is sealed with the record.
    await recordDischarge(trx, revisionAuthor(ctx, { organizationId: protocol.organizationId, protocolId: protocol.id }, data.dischargedAt), protocol, discharge, version);
    await trx
      .updateTable('patientProtocols')
      .set({ ...discharge, updatedAt: nowIso(), version })
      .where('id', '=', protocol.id)
      .execute();
    await sealPatientDataAtDischarge(trx, ctx.dataKey, protocol, data);
    return loadProtocolDetail(trx, protocol.id);
  });
}
