import { decryptAtRest, sealPatientData } from '@sanidok/crypto';
import type { SealedBy, SealedEnvelope, SealedPatientDataPayload } from '@sanidok/schema';
import { serializeSealedEnvelope } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { PatientProtocolRow } from '../../db/database';
import { conflict } from '../errors';
import { writeTombstone } from '../versions';
import { nowIso } from '../time';
import { decryptPatientData, revisionContext } from './patientData';

export const sealingMessages = {
  unknownDeviceKey:
    'Die Patientendaten wurden mit einem veralteten Organisationsschlüssel versiegelt. Bitte synchronisieren Sie das Gerät und entlassen Sie den Patienten erneut.',
} as const;

/** What a device may send with the discharge (packages/crypto `sealPatientDataForDischarge`). */
export interface DeviceSeal {
  sealedPatientData?: SealedEnvelope | undefined;
  patientDataVersion?: number | undefined;
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
 * Which copy is sealed: the device's envelope when it names the current key and was made from
 * the server's latest patient data (`patientDataVersion` equal, no replaced values pending);
 * otherwise the server seals its own copy, which holds every edit that reached it — including
 * this device's queued edits, which precede the discharge in its outbox. Nothing typed is lost.
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
  const deviceIsCurrent =
    offered !== undefined &&
    offered.kid === organization.keyFingerprint &&
    replaced.length === 0 &&
    (row === undefined || row.version === device.patientDataVersion);

  let envelope: SealedEnvelope | undefined;
  let sealedBy: SealedBy | null = null;
  if (offered && deviceIsCurrent) {
    envelope = offered;
    sealedBy = 'device';
  } else if (row) {
    const patientData = await decryptPatientData(dataKey, protocol.id, row.dataEnc);
    envelope = await sealPatientData(organization, { organizationId: organization.id, protocolId: protocol.id }, {
      patientData, replacedValues: replaced, sealedAt, sealedBy: 'server',
    });
    sealedBy = 'server';
  } else if (offered) {
    // No server copy to fall back on, and the device's names an earlier key: the device must
    // seal again with the key it gets on its next pull. The protocol stays open meanwhile.
    throw conflict(sealingMessages.unknownDeviceKey);
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
  for (const listener of removedListeners) listener();
  return sealedBy;
}

/**
 * Protocols closed while the server could not seal (before this version, or data left by a
 * crash): sealed at start. Each in its own transaction.
 */
export async function sealLeftoverPatientData(db: Db, dataKey: string): Promise<number> {
  const leftovers = await db
    .selectFrom('protocolPatientData as d')
    .innerJoin('patientProtocols as p', 'p.id', 'd.protocolId')
    .select(['p.id', 'p.organizationId', 'p.serviceId'])
    .where('p.status', '!=', 'active')
    .execute();
  for (const protocol of leftovers) {
    await db.transaction().execute((trx) => sealPatientDataAtDischarge(trx, dataKey, protocol));
  }
  return leftovers.length;
}
