import { verifyArchiveProof } from '@sanidok/crypto';
import type { ArchiveChallenge, ArchiveKeyFailureBody, ArchiveProtocolsResponse, ArchivedProtocolRecord, SealedEnvelope } from '@sanidok/schema';
import { archiveFailureWindowMs, archiveMaxAttempts, archiveMessages, archiveProofRequestSchema, adminAlertMessages, parseSealedEnvelope, protocolLabel } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { OrganizationRow, ServiceRow } from '../../db/database';
import { recordArchiveAccessFailure } from '../admin/archiveFailures';
import type { CommandContext } from '../context';
import { validate } from '../errors';
import { activeAdminCount, postAdminAlert } from '../admin/alerts';
import { mailArchiveAccessAlert, mailArchiveAccessAlertToOwner } from '../mail/events';
import { serviceProtocolsWithClinicalPart } from '../protocols/queries';
import { toTreatmentEntry, treatmentEntriesQuery } from '../protocols/treatmentEntries';
import { toVitalRecords, vitalRecordsQuery } from '../protocols/vitals';
import { nowIso } from '../time';
import { refuseSecret, requireArchiveOwner, requireArchiveService } from './access';
import { consumeArchiveChallenge } from './challenges';
import { archiveServicesQuery } from './services';

export type ArchiveOpenResult = { ok: true; body: ArchiveProtocolsResponse } | { ok: false; body: ArchiveKeyFailureBody };

interface OrganizationKey {
  keyFingerprint: string;
  signingPublicKey: string;
}

/** The current key and every earlier one (a rotation leaves old records sealed to old keys). */
async function organizationKeys(trx: Db, organization: OrganizationRow): Promise<OrganizationKey[]> {
  const retired = await trx
    .selectFrom('organizationRetiredKeys')
    .select(['keyFingerprint', 'signingPublicKey'])
    .where('organizationId', '=', organization.id)
    .orderBy('retiredAt', 'desc')
    .execute();
  return [{ keyFingerprint: organization.keyFingerprint, signingPublicKey: organization.signingPublicKey }, ...retired];
}

async function provenKey(keys: OrganizationKey[], challenge: ArchiveChallenge, signature: string): Promise<OrganizationKey | undefined> {
  for (const key of keys) {
    if (await verifyArchiveProof(key.signingPublicKey, challenge, signature)) return key;
  }
  return undefined;
}

/** The access-log row of docs/spec/accounts.md §3 for the archive (the owner sees it in 'Zugriffsprotokolle'). */
function accessLogRow(ctx: CommandContext, organization: OrganizationRow, service: ServiceRow, entry: { protocolId: string | null; actionType: string; details: string }) {
  return {
    userId: ctx.user.id, organizationId: organization.id, serviceId: service.id, patientProtocolId: entry.protocolId, actionType: entry.actionType,
    timestamp: nowIso(), ipAddress: ctx.request.ipAddress, userAgent: ctx.request.userAgent?.slice(0, 500) ?? null, userEmail: ctx.user.email,
    details: entry.details, eventId: null,
  };
}

/**
 * A wrong proof: one more consecutive failure of this user at this organisation (reset by a valid
 * proof, forgotten after 24 hours without a failure). Every failure is listed for the platform
 * administrators (archive_access_failures) and in the owner's access log; at 5, 10, 15, …
 * the administrators are e-mailed. Same transaction as the consumed challenge.
 */
async function countFailure(trx: Db, ctx: CommandContext, organization: OrganizationRow, service: ServiceRow): Promise<ArchiveKeyFailureBody> {
  const now = nowIso();
  const counter = await trx
    .selectFrom('archiveFailureCounters')
    .selectAll()
    .where('organizationId', '=', organization.id)
    .where('userId', '=', ctx.user.id)
    .executeTakeFirst();
  const recent = counter !== undefined && Date.parse(counter.lastFailureAt) > Date.parse(now) - archiveFailureWindowMs;
  const failureCount = recent ? counter.failureCount + 1 : 1;
  await trx
    .insertInto('archiveFailureCounters')
    .values({ organizationId: organization.id, userId: ctx.user.id, failureCount, lastFailureAt: now })
    .onConflict((oc) => oc.columns(['organizationId', 'userId']).doUpdateSet({ failureCount, lastFailureAt: now }))
    .execute();
  await recordArchiveAccessFailure(trx, { user: ctx.user, organization, service, ipAddress: ctx.request.ipAddress });
  await trx
    .insertInto('accessLogs')
    .values(accessLogRow(ctx, organization, service, {
      protocolId: null, actionType: 'other', details: `Patientenarchiv „${service.name}“: falscher Schlüssel (Fehlversuch ${failureCount})`,
    }))
    .execute();
  if (failureCount % archiveMaxAttempts === 0) {
    const alert = {
      failureCount, username: ctx.user.username, organizationName: organization.name, serviceName: service.name, timestamp: now, ipAddress: ctx.request.ipAddress,
    };
    // The inbox always; mail to the admins and the owner (sent when SMTP is configured, else logged).
    await postAdminAlert(trx, {
      kind: 'archive_access_alert',
      title: adminAlertMessages.archiveTitle(failureCount),
      body: `Benutzer ${alert.username} hat am Patientenarchiv der Organisation „${organization.name}“ (Sanitätsdienst „${service.name}“) ${failureCount}-mal einen falschen Schlüssel eingegeben. IP-Adresse: ${alert.ipAddress ?? '-'}.`,
    });
    await mailArchiveAccessAlert(trx, alert);
    await mailArchiveAccessAlertToOwner(trx, organization.id, alert);
  }
  return {
    message: archiveMessages.wrongKey,
    code: 'ARCHIVE_KEY_WRONG',
    failureCount,
    maxAttempts: archiveMaxAttempts,
    remainingAttempts: Math.max(0, archiveMaxAttempts - failureCount),
    // 'Notified' only when an alert reached someone: the inbox has a reader (docs/security.md, "Archive alerts").
    adminNotified: failureCount >= archiveMaxAttempts && (await activeAdminCount(trx)) > 0,
  };
}

/** Rows by protocol, in their query order (one pass: a filter per protocol is quadratic). */
function groupByProtocol<T extends { protocolId: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.protocolId);
    if (group) group.push(row);
    else groups.set(row.protocolId, [row]);
  }
  return groups;
}

/** The sealed records of the service under the proven key, with their readable clinical part. */
async function releaseRecords(trx: Db, ctx: CommandContext, organization: OrganizationRow, service: ServiceRow, key: OrganizationKey): Promise<ArchiveProtocolsResponse> {
  const sealed = await trx.selectFrom('sealedPatientData').selectAll().where('organizationId', '=', organization.id).where('serviceId', '=', service.id).execute();
  const envelopes = new Map<string, { row: (typeof sealed)[number]; envelope: SealedEnvelope }>();
  for (const row of sealed) {
    const envelope = parseSealedEnvelope(row.envelope);
    if (row.keyFingerprint === key.keyFingerprint && envelope) envelopes.set(row.protocolId, { row, envelope });
  }
  const ids = [...envelopes.keys()];
  // The key holder's archive: the complete protocol, whoever is on the team now.
  const protocols = (await serviceProtocolsWithClinicalPart(trx, service.id)).filter((p) => envelopes.has(p.id));
  const entries = ids.length ? await treatmentEntriesQuery(trx).where('protocolId', 'in', ids).orderBy('createdAt').orderBy('id').execute() : [];
  const vitals = ids.length ? await toVitalRecords(trx, await vitalRecordsQuery(trx).where('protocolId', 'in', ids).orderBy('recordedAt').orderBy('id').execute()) : [];

  const entriesOf = groupByProtocol(entries.map(toTreatmentEntry).map(({ version: _v, ...entry }) => entry));
  const vitalsOf = groupByProtocol(vitals.map(({ version: _v, ...record }) => record));
  // The history sealed at discharge, under the same key (domain/recordHistory/sealing.ts).
  const histories = ids.length
    ? await trx.selectFrom('sealedRecordHistories').select(['protocolId', 'envelope']).where('protocolId', 'in', ids).where('keyFingerprint', '=', key.keyFingerprint).execute()
    : [];
  const historyOf = new Map(histories.map((row) => [row.protocolId, parseSealedEnvelope(row.envelope)]));

  const records: ArchivedProtocolRecord[] = protocols.map((protocol) => {
    const sealedRecord = envelopes.get(protocol.id);
    if (!sealedRecord) throw new Error('Versiegelter Datensatz fehlt');
    const { row, envelope } = sealedRecord;
    return {
      protocol,
      treatmentEntries: entriesOf.get(protocol.id) ?? [],
      vitals: vitalsOf.get(protocol.id) ?? [],
      sealed: { envelope, keyFingerprint: row.keyFingerprint, sealedAt: row.sealedAt, sealedBy: row.sealedBy },
      sealedHistory: historyOf.get(protocol.id) ?? null,
    };
  });
  if (records.length) {
    await trx
      .insertInto('accessLogs')
      .values(records.map((r) => accessLogRow(ctx, organization, service, {
        protocolId: r.protocol.id, actionType: 'protocol_opened', details: `Patientenarchiv: ${protocolLabel(r.protocol.serviceProtocolNumber)} abgerufen`,
      })))
      .execute();
  }
  const summary = await archiveServicesQuery(trx, organization.id).where('s.id', '=', service.id).executeTakeFirst();
  return {
    organization: { id: organization.id, name: organization.name },
    service: summary ?? { id: service.id, name: service.name, location: service.location, startDate: service.startDate, endDate: service.endDate, status: service.status, sealedProtocolCount: 0, lastDischargedAt: null },
    keyFingerprint: key.keyFingerprint,
    protocols: records,
    sealedToOtherKeys: sealed.length - records.length,
  };
}

/**
 * POST …/archive/services/{serviceId}/protocols {proof: {challengeId, signature}}: a valid
 * signature over the challenge releases the service's sealed protocols (the browser opens them);
 * a wrong one counts a failure. The organisation key itself is refused (see `refuseSecret`).
 */
export async function openArchiveService(ctx: CommandContext, organizationId: unknown, serviceId: unknown, body: unknown): Promise<ArchiveOpenResult> {
  refuseSecret(body);
  const { organization } = await requireArchiveOwner(ctx.db, organizationId, ctx.user);
  const service = await requireArchiveService(ctx.db, organization.id, serviceId);
  const { proof } = validate(archiveProofRequestSchema, body);
  return ctx.db.transaction().execute(async (trx): Promise<ArchiveOpenResult> => {
    const challenge = await consumeArchiveChallenge(trx, proof.challengeId, { userId: ctx.user.id, organizationId: organization.id, serviceId: service.id });
    const key = await provenKey(await organizationKeys(trx, organization), challenge, proof.signature);
    if (!key) return { ok: false, body: await countFailure(trx, ctx, organization, service) };
    await trx.deleteFrom('archiveFailureCounters').where('organizationId', '=', organization.id).where('userId', '=', ctx.user.id).execute();
    return { ok: true, body: await releaseRecords(trx, ctx, organization, service, key) };
  });
}
