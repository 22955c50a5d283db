import { decryptAtRest, sealPatientData, verifyDischargeSeal } from '@sanidok/crypto';
import type { PatientData, SealedBy, SealedEnvelope, SealedPatientDataPayload } from '@sanidok/schema';
import { compactPatientData, serializeSealedEnvelope } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { OrganizationRow, PatientProtocolRow } from '../../db/database';
import { AppError, conflict } from '../errors';
import { writeTombstone } from '../versions';
import { nowIso } from '../time';
import { sealHistoryAtDischarge } from '../recordHistory/sealing';
import { decryptPatientData, revisionContext } from './patientData';

export const sealingMessages = {
  unknownDeviceKey:
    'Die Patientendaten wurden nicht mit dem aktuellen Schlüssel der Organisation versiegelt. Der Patient wurde nicht entlassen, seine Daten bleiben erhalten. Bitte synchronisieren Sie das Gerät und entlassen Sie ihn erneut.',
  invalidSeal:
    'Die auf dem Gerät versiegelten Patientendaten lassen sich mit dem Schlüssel der Organisation nicht öffnen. Der Patient wurde nicht entlassen, seine Daten bleiben erhalten. Bitte aktualisieren Sie die App und entlassen Sie ihn erneut.',
  mismatch:
    'Die auf dem Gerät versiegelten Patientendaten weichen vom gespeicherten Stand ab. Der Patient wurde nicht entlassen, seine Daten bleiben erhalten. Bitte synchronisieren Sie das Gerät und entlassen Sie ihn erneut.',
} as const;

/** What a device may send with the discharge (packages/crypto `sealPatientDataForDischarge`). */
export interface DeviceSeal {
  sealedPatientData?: SealedEnvelope | undefined;
  /** The envelope's HPKE ephemeral secret (packages/crypto/src/dischargeProof.ts); checked, never stored. */
  sealProof?: string | undefined;
  patientDataVersion?: number | undefined;
}

type OrganizationKeyRow = Pick<OrganizationRow, 'id' | 'sealingPublicKey' | 'signingPublicKey' | 'keyFingerprint'>;

/**
 * The device's envelope opened with its proof (docs/security.md "Sealing at discharge"), or a
 * 400 that rolls the discharge back: garbage, plaintext, a foreign key under the current key id,
 * a proof of another envelope, a payload of another protocol. The protocol stays open and its
 * patient data readable, so nothing is lost.
 */
async function verifyDeviceSeal(organization: OrganizationKeyRow, protocolId: string, device: DeviceSeal & { sealedPatientData: SealedEnvelope }): Promise<SealedPatientDataPayload> {
  const refuse = () => new AppError(400, 'VALIDATION', sealingMessages.invalidSeal, { sealedPatientData: sealingMessages.invalidSeal });
  if (device.sealProof === undefined) throw refuse();
  try {
    return await verifyDischargeSeal(organization, { organizationId: organization.id, protocolId }, device.sealedPatientData, device.sealProof);
  } catch {
    throw refuse();
  }
}

function samePatientData(a: Partial<PatientData>, b: Partial<PatientData>): boolean {
  const left: Partial<Record<string, string>> = compactPatientData(a);
  const right: Partial<Record<string, string>> = compactPatientData(b);
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => left[key] === right[key]);
}

// The mailer-style hook: the archive plugin checkpoints the WAL after the commit, so that old
// page images with the server-key ciphertext leave the -wal file too (plugins/archive.ts).
const removedListeners = new Set<() => void>();

export function onPatientPlaintextRemoved(listener: () => void): () => void {
  removedListeners.add(listener);
  return () => removedListeners.delete(listener);
}

/** Replaced values of concurrent patient-data edits (kept under the server key until now). */
async function replacedValues(trx: Db, dataKey: string, protocolId: string): Promise<SealedPatientDataPayload['replacedValues']> {
  const rows = await trx
    .selectFrom('fieldRevisions')
    .select(['field', 'replacedValue', 'createdAt'])
    .where('entity', '=', 'patientData')
    .where('entityId', '=', protocolId)
    .orderBy('id')
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      field: row.field,
      value: row.replacedValue === null ? null : await decryptAtRest(dataKey, row.replacedValue, revisionContext(protocolId, row.field)),
      replacedAt: row.createdAt,
    })),
  );
}

/**
 * At discharge, inside its transaction (docs/security.md, "Sealing at discharge"): the patient
 * data is sealed to the organisation's current public key and every server-key copy of it is
 * deleted (the row, and replaced values of concurrent edits); devices drop their plaintext on the
 * next pull ('patientData' delete). The server can seal but never open: it holds no secret.
 *
 * Which copy is sealed: the device's envelope when it names the current key, opens with its
 * proof (else 400), was made from the server's latest patient data (`patientDataVersion` equal,
 * no replaced values pending) and holds exactly that data (else 409), or holds exactly the server's
 * data whatever version it names (an offline tablet's own edits came in the same push); otherwise the server seals
 * its own copy, which holds every edit that reached it — including this device's queued edits,
 * which precede the discharge in its outbox. Nothing typed is lost. An envelope naming another
 * key (a foreign one, or sealed offline before a key renewal) is refused (409): the protocol stays
 * open and the device seals again with the key of its next pull.
 * Without a device envelope (archiving a service, leftovers at start) the server seals its copy.
 */
export async function sealPatientDataAtDischarge(
  trx: Db,
  dataKey: string,
  protocol: Pick<PatientProtocolRow, 'id' | 'organizationId' | 'serviceId'>,
  device: DeviceSeal = {},
): Promise<SealedBy | null> {
  const organization = await trx
    .selectFrom('organizations')
    .select(['id', 'sealingPublicKey', 'signingPublicKey', 'keyFingerprint'])
    .where('id', '=', protocol.organizationId)
    .executeTakeFirstOrThrow();
  const row = await trx.selectFrom('protocolPatientData').select(['dataEnc', 'version']).where('protocolId', '=', protocol.id).executeTakeFirst();
  const replaced = await replacedValues(trx, dataKey, protocol.id);
  const sealedAt = nowIso();

  const offered = device.sealedPatientData;
  if (offered && offered.kid !== organization.keyFingerprint) throw conflict(sealingMessages.unknownDeviceKey);
  const verified = offered ? await verifyDeviceSeal(organization, protocol.id, { ...device, sealedPatientData: offered }) : undefined;
  const serverData = row ? await decryptPatientData(dataKey, protocol.id, row.dataEnc) : undefined;
  const sameVersion = row === undefined || row.version === device.patientDataVersion;
  // Made from the same version, yet other data: not what the team documented.
  if (verified !== undefined && replaced.length === 0 && sameVersion && serverData && !samePatientData(verified.patientData, serverData)) throw conflict(sealingMessages.mismatch);
  // Another version with exactly the server's data is current too: a tablet that created or edited
  // the protocol offline seals before its own edits gave the server's row the next version (its
  // edits precede the discharge in the same push), and the archive said 'versiegelt vom Server'.
  const deviceIsCurrent = verified !== undefined && replaced.length === 0 && (sameVersion || (serverData !== undefined && samePatientData(verified.patientData, serverData)));

  let envelope: SealedEnvelope | undefined;
  let sealedBy: SealedBy | null = null;
  if (offered && deviceIsCurrent) {
    envelope = offered;
    sealedBy = 'device';
  } else if (serverData) {
    envelope = await sealPatientData(organization, { organizationId: organization.id, protocolId: protocol.id }, {
      patientData: serverData, replacedValues: replaced, sealedAt, sealedBy: 'server',
    });
    sealedBy = 'server';
  }

  if (envelope) {
    await trx
      .insertInto('sealedPatientData')
      .values({
        protocolId: protocol.id, organizationId: organization.id, serviceId: protocol.serviceId, keyFingerprint: envelope.kid,
        envelope: serializeSealedEnvelope(envelope), sealedBy: sealedBy ?? 'server', sealedAt,
      })
      .execute();
  }
  // secure_delete is on: the deleted cells are overwritten in the database pages.
  await trx.deleteFrom('protocolPatientData').where('protocolId', '=', protocol.id).execute();
  await trx.deleteFrom('fieldRevisions').where('entity', '=', 'patientData').where('entityId', '=', protocol.id).execute();
  await writeTombstone(trx, 'patientData', protocol.id, protocol.organizationId);
  // The history is sealed with the record, in its own envelope (../recordHistory/sealing.ts).
  await sealHistoryAtDischarge(trx, dataKey, protocol);
  for (const listener of removedListeners) listener();
  return sealedBy;
}

/**
 * Protocols closed while the server could not seal (before this version, or data left by a
 * crash), and open protocols of archived services (archived before archiving sealed them,
 * ./archiving.ts): sealed at start. Each in its own transaction.
 */
export async function sealLeftoverPatientData(db: Db, dataKey: string): Promise<number> {
  const leftovers = await db
    .selectFrom('protocolPatientData as d')
    .innerJoin('patientProtocols as p', 'p.id', 'd.protocolId')
    .innerJoin('services as s', 's.id', 'p.serviceId')
    .select(['p.id', 'p.organizationId', 'p.serviceId'])
    .where((eb) => eb.or([eb('p.status', '!=', 'active'), eb('s.status', '=', 'archived')]))
    .execute();
  for (const protocol of leftovers) {
    await db.transaction().execute((trx) => sealPatientDataAtDischarge(trx, dataKey, protocol));
  }
  return leftovers.length;
}

/**
 * Archiving a service (./archiving.ts): every open protocol's patient data sealed by the server
 * exactly as at a discharge, inside the archive's transaction. The protocols keep their status;
 * on an archived service they take no edit (./access.ts `assertProtocolOpen`).
 */
export async function sealOpenProtocolsOfService(trx: Db, dataKey: string, serviceId: string): Promise<number> {
  const open = await trx
    .selectFrom('patientProtocols')
    .select(['id', 'organizationId', 'serviceId'])
    .where('serviceId', '=', serviceId)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  for (const protocol of open) await sealPatientDataAtDischarge(trx, dataKey, protocol);
  return open.length;
}
