import type { ManvIncident, ManvPerson } from '@sanidok/schema';
import {
  captureRefusalMessages,
  manvMessages, openManvIncidentSchema, recordManvTransportSchema, recordManvTriageSchema, registerManvPatientSchema, updateManvIncidentSchema,
  updateManvPatientSchema,
} from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { ManvPatientRow } from '../../db/database';
import type { CommandContext } from '../context';
import { AppError, conflict, isUniqueViolation, validate } from '../errors';
import { assertAllowed } from '../organizations/policy';
import { authorizeServiceManagement } from '../services/access';
import { deviceTime, nowIso } from '../time';
import { inTransaction } from '../transaction';
import { nextVersion } from '../versions';
import { authorizeIncidentCapture, authorizeIncidentLead, authorizePatientCapture } from './access';
import { decryptManvPerson, encryptManvPerson, manvIncidentsQuery, toManvIncident } from './queries';

/**
 * MANV commands, pushed as sync mutations (packages/schema/src/syncMutations.ts
 * manv*). Tags may share a number (two tablets offline): both rows are kept and the devices show
 * the conflict (packages/schema/src/manvCounts.ts); triage events are only ever added.
 */

const m = manvMessages;

interface Written {
  ok: true;
  id: string;
}

const alreadyWritten = (error: unknown): never => {
  if (isUniqueViolation(error)) throw conflict('Dieser Eintrag wurde bereits erfasst.');
  throw error;
};

async function loadIncident(trx: Db, id: string): Promise<ManvIncident> {
  return toManvIncident(await manvIncidentsQuery(trx).where('id', '=', id).executeTakeFirstOrThrow());
}

export async function openManvIncident(ctx: CommandContext, input: unknown): Promise<ManvIncident> {
  const data = validate(openManvIncidentSchema, input);
  const id = data.id ?? globalThis.crypto.randomUUID();
  return inTransaction(ctx.db, async (trx) => {
    const access = await authorizeServiceManagement(trx, data.serviceId, ctx.user).catch((error: unknown) => {
      // The planning right is owner/admin as well; the MANV words say what was refused.
      throw error instanceof AppError && error.statusCode === 403 ? new AppError(403, 'FORBIDDEN', m.notAllowed) : error;
    });
    assertAllowed(access, 'leadManv');
    if (access.service.status === 'archived') throw conflict(captureRefusalMessages.serviceArchived);
    await trx.insertInto('manvIncidents').values({
      id, serviceId: access.service.id, organizationId: access.service.organizationId, name: data.name, startedAt: deviceTime(data.startedAt),
      endedAt: null, blueEnabled: data.blueEnabled ? 1 : 0, createdById: ctx.user.id, createdAt: nowIso(), version: await nextVersion(trx),
    }).execute().catch(alreadyWritten);
    return loadIncident(trx, id);
  });
}

/** Rename, SK IV on/off, end or reopen: the fields sent, the last write wins (one lead). */
export async function updateManvIncident(ctx: CommandContext, input: unknown): Promise<ManvIncident> {
  const data = validate(updateManvIncidentSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { incident } = await authorizeIncidentLead(trx, data.id, ctx.user);
    if (data.endedAt && Date.parse(data.endedAt) < Date.parse(incident.startedAt)) {
      throw new AppError(400, 'VALIDATION', m.endBeforeStart, { endedAt: m.endBeforeStart });
    }
    await trx.updateTable('manvIncidents').set({
      ...(data.name === undefined ? {} : { name: data.name }),
      ...(data.blueEnabled === undefined ? {} : { blueEnabled: data.blueEnabled ? 1 : 0 }),
      ...(data.endedAt === undefined ? {} : { endedAt: data.endedAt }),
      version: await nextVersion(trx),
    }).where('id', '=', incident.id).execute();
    return loadIncident(trx, incident.id);
  });
}

// The schema's output holds only the keys the device sent: the others keep their stored value.
const fullPerson = (patch: Partial<ManvPerson> | undefined, base: ManvPerson = { name: null, sex: null, estimatedAge: null, diagnosis: null }): ManvPerson => ({
  ...base, ...patch,
});

/** A new tag, with its first triage when the device sent one (one write, one transaction). */
export async function registerManvPatient(ctx: CommandContext, input: unknown): Promise<Written> {
  const data = validate(registerManvPatientSchema, input);
  const id = data.id ?? globalThis.crypto.randomUUID();
  const personEnc = await encryptManvPerson(ctx.dataKey, id, fullPerson(data.person));
  return inTransaction(ctx.db, async (trx) => {
    const { incident } = await authorizeIncidentCapture(trx, data.incidentId, ctx.user);
    const receivedAt = nowIso();
    const place = { incidentId: incident.id, serviceId: incident.serviceId, organizationId: incident.organizationId };
    await trx.insertInto('manvPatients').values({
      id, ...place, tagNumber: data.tagNumber, treatmentArea: data.treatmentArea, personEnc, duplicateOf: null, protocolId: null, transportJson: null,
      createdById: ctx.user.id, createdAt: deviceTime(data.createdAt), receivedAt, version: await nextVersion(trx),
    }).execute().catch(alreadyWritten);
    if (data.triage) {
      const { id: triageId, triagedAt, ...event } = data.triage;
      await trx.insertInto('manvTriages').values({
        id: triageId, patientId: id, ...place, ...event, triagedAt: deviceTime(triagedAt), triagedById: ctx.user.id, receivedAt, version: await nextVersion(trx),
      }).execute().catch(alreadyWritten);
    }
    return { ok: true as const, id };
  });
}

async function assertMergeTarget(trx: Db, patient: ManvPatientRow, targetId: string): Promise<void> {
  if (targetId === patient.id) throw conflict(m.duplicateSelf);
  const target = await trx.selectFrom('manvPatients').select('incidentId').where('id', '=', targetId).executeTakeFirst();
  if (!target) throw new AppError(404, 'NOT_FOUND', m.patientNotFound);
  if (target.incidentId !== patient.incidentId) throw conflict(m.duplicateOtherIncident);
}

/** The fields sent (person data field by field), a merge into another tag, the protocol link. */
export async function updateManvPatient(ctx: CommandContext, input: unknown): Promise<Written> {
  const data = validate(updateManvPatientSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { patient } = await authorizePatientCapture(trx, data.id, ctx.user);
    if (data.duplicateOf) await assertMergeTarget(trx, patient, data.duplicateOf);
    const personEnc = data.person
      ? await encryptManvPerson(ctx.dataKey, patient.id, fullPerson(data.person, await decryptManvPerson(ctx.dataKey, patient.id, patient.personEnc)))
      : undefined;
    await trx.updateTable('manvPatients').set({
      ...(data.tagNumber === undefined ? {} : { tagNumber: data.tagNumber }),
      ...(data.treatmentArea === undefined ? {} : { treatmentArea: data.treatmentArea }),
      ...(personEnc === undefined ? {} : { personEnc }),
      ...(data.duplicateOf === undefined ? {} : { duplicateOf: data.duplicateOf }),
      ...(data.protocolId === undefined ? {} : { protocolId: data.protocolId }),
      version: await nextVersion(trx),
    }).where('id', '=', patient.id).execute();
    return { ok: true as const, id: patient.id };
  });
}

/** One more triage event (re-triage, physician's triage); never changes an earlier one. A triage after the transport is kept (and flagged by the lists). */
export async function recordManvTriage(ctx: CommandContext, input: unknown): Promise<Written> {
  const data = validate(recordManvTriageSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { patient } = await authorizePatientCapture(trx, data.patientId, ctx.user);
    const { id, patientId: _patient, triagedAt, ...event } = data;
    await trx.insertInto('manvTriages').values({
      id, patientId: patient.id, incidentId: patient.incidentId, serviceId: patient.serviceId, organizationId: patient.organizationId, ...event,
      triagedAt: deviceTime(triagedAt), triagedById: ctx.user.id, receivedAt: nowIso(), version: await nextVersion(trx),
    }).execute().catch(alreadyWritten);
    return { ok: true as const, id };
  });
}

/** The transport of a tag; a second one replaces the first (a correction). */
export async function recordManvTransport(ctx: CommandContext, input: unknown): Promise<Written> {
  const { patientId, ...transport } = validate(recordManvTransportSchema, input);
  return inTransaction(ctx.db, async (trx) => {
    const { patient } = await authorizePatientCapture(trx, patientId, ctx.user);
    await trx.updateTable('manvPatients').set({ transportJson: JSON.stringify(transport), version: await nextVersion(trx) }).where('id', '=', patient.id).execute();
    return { ok: true as const, id: patient.id };
  });
}

/**
 * Archiving a service erases the person data of its MANV tags (docs/decisions.md "MANV"): tag
 * numbers, categories, times and transports stay for the event report; names leave with the
 * patient-data window. Called in the archiving transaction (domain/protocols/archiving.ts).
 */
export async function eraseManvPersonData(trx: Db, serviceId: string): Promise<void> {
  const named = await trx.selectFrom('manvPatients').select('id').where('serviceId', '=', serviceId).where('personEnc', 'is not', null).execute();
  for (const { id } of named) await trx.updateTable('manvPatients').set({ personEnc: null, version: await nextVersion(trx) }).where('id', '=', id).execute();
}
