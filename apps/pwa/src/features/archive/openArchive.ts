import type * as CryptoModule from '@sanidok/crypto';
import type { ArchivedProtocolRecord, ArchivedProtocolResult, ArchiveKeyFailureBody, ArchiveProtocolsResponse, ArchiveServiceItem, PatientData } from '@sanidok/schema';
import { archiveMaxAttempts, archiveMessages, toArchivedProtocolResult } from '@sanidok/schema';
import { ApiError } from '../../api/client';
import { archiveDe } from '../../i18n/de';
import { requestArchiveChallenge, requestArchiveProtocols } from './actions';
import { openAllPatientData, prepareDecryptWorker } from './parallelOpen';

/**
 * The browser's half of the archive (docs/security.md, "Archive proof"): the typed-in key is
 * checked locally (format, checksum), a challenge is signed with it, and the records the server
 * releases are opened here. The key never leaves this function: not in a request, not in a cache.
 */

type Crypto = typeof CryptoModule;
// libsodium and HPKE are loaded on first use, never with the app (as on the organisations page).
let cryptoModule: Promise<Crypto> | undefined;
/** Everything an opening needs, fetched while the owner types the key: the crypto chunk and a worker. */
export function prepareArchiveOpening(): void {
  loadArchiveCrypto().catch(() => undefined);
  prepareDecryptWorker();
}

export function loadArchiveCrypto(): Promise<Crypto> {
  cryptoModule ??= import('@sanidok/crypto').catch(() => {
    // A chunk that cannot load (offline, an old service worker): a German message, retry later.
    cryptoModule = undefined;
    throw new Error(archiveDe.key.cryptoFailed);
  });
  return cryptoModule;
}

/** One opened protocol: the spec's result, or the record whose patient data did not open. */
export type OpenedProtocol =
  | {
      ok: true;
      id: string;
      result: ArchivedProtocolResult;
      sealedBy: 'server' | 'device';
      /** The released record and its opened patient data: what the owner's FHIR export is built from. */
      record: ArchivedProtocolRecord;
      patientData: Partial<PatientData>;
    }
  | { ok: false; id: string; number: number };

export type ArchiveOpenOutcome =
  /** A mistyped key: told at once, nothing sent, not counted. */
  | { kind: 'mistyped'; reason: 'format' | 'checksum' }
  | { kind: 'wrongKey'; failure: ArchiveKeyFailureBody }
  | { kind: 'opened'; response: ArchiveProtocolsResponse; protocols: OpenedProtocol[]; decryptedAt: string };

function failureFrom(error: ApiError): ArchiveKeyFailureBody {
  const body = error.body ?? {};
  const number = (key: string, fallback: number) => (typeof body[key] === 'number' ? body[key] : fallback);
  const failureCount = number('failureCount', 1);
  return {
    message: typeof body.message === 'string' && body.message ? body.message : archiveMessages.wrongKey,
    code: 'ARCHIVE_KEY_WRONG',
    failureCount,
    maxAttempts: number('maxAttempts', archiveMaxAttempts),
    remainingAttempts: number('remainingAttempts', Math.max(0, archiveMaxAttempts - failureCount)),
    adminNotified: body.adminNotified === true,
  };
}

/** Mistyped or not: the parser's answer, for the form (no server call). */
export async function checkKeyText(keyText: string): Promise<{ ok: true } | { ok: false; reason: 'format' | 'checksum' }> {
  const crypto = await loadArchiveCrypto();
  const parsed = crypto.parseOrganizationSecret(keyText);
  if (!parsed.ok) return parsed;
  parsed.secret.fill(0);
  return { ok: true };
}

/**
 * Proves the key for one service and opens what the server releases. Throws ApiError for
 * everything that is not a wrong key (network, expired challenge, permissions).
 */
export async function openArchiveService(organizationId: number, service: ArchiveServiceItem, keyText: string): Promise<ArchiveOpenOutcome> {
  const crypto = await loadArchiveCrypto();
  const parsed = crypto.parseOrganizationSecret(keyText);
  if (!parsed.ok) return { kind: 'mistyped', reason: parsed.reason };
  const secret = parsed.secret;
  // The keys and the opener are prepared while the challenge and the release are on the wire.
  const keysReady = crypto.deriveOrganizationKeys(secret);
  const openerReady = keysReady.then((keys) => crypto.createPatientDataOpener(keys));
  openerReady.catch(() => undefined);
  try {
    const challenge = await requestArchiveChallenge(organizationId, service.id);
    const signature = await crypto.signArchiveProof(secret, challenge);
    let response: ArchiveProtocolsResponse;
    try {
      response = await requestArchiveProtocols(organizationId, service.id, { challengeId: challenge.challengeId, signature });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ARCHIVE_KEY_WRONG') return { kind: 'wrongKey', failure: failureFrom(error) };
      throw error;
    }
    const opener = await openerReady;
    const keys = await keysReady;
    const location = response.service.location;
    const payloads = await openAllPatientData(keys, opener, organizationId, response.protocols.map((r) => ({ protocolId: r.protocol.id, envelope: r.sealed.envelope })));
    // The Änderungsverlauf has its own envelope (docs/decisions.md "Every change kept (§ 630f BGB)").
    const histories = await Promise.all(
      response.protocols.map((r) =>
        r.sealedHistory ? crypto.openSealedRecordHistory(keys, { organizationId, protocolId: r.protocol.id }, r.sealedHistory).then((h) => h.revisions) : Promise.resolve([]),
      ),
    );
    const protocols = response.protocols.map((record, index): OpenedProtocol => {
      const opened = payloads[index];
      if (!opened) return { ok: false, id: record.protocol.id, number: record.protocol.serviceProtocolNumber };
      const result = { ...toArchivedProtocolResult(record, opened, location), history: histories[index] ?? [] };
      return { ok: true, id: record.protocol.id, result, sealedBy: record.sealed.sealedBy, record, patientData: opened.patientData };
    });
    return { kind: 'opened', response, protocols, decryptedAt: new Date().toISOString() };
  } finally {
    secret.fill(0);
    const keys = await keysReady.catch(() => undefined);
    keys?.sealing.privateKey.fill(0);
    keys?.signing.privateKey.fill(0);
  }
}

export const mistypedText = (reason: 'format' | 'checksum'): string => (reason === 'format' ? archiveDe.key.formatInvalid : archiveDe.key.checksumInvalid);
