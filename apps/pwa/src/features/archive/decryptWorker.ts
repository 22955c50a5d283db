import { createPatientDataOpener } from '@sanidok/crypto';
import type { SealedEnvelope, SealedPatientDataPayload } from '@sanidok/schema';

/**
 * A second core for the archive (parallelOpen.ts): this worker opens half of a service's envelopes
 * while the page opens the other half. It gets the organisation's X25519 key pair for this one
 * opening (never the secret or the signing key), overwrites it when done, and is terminated after.
 * Nothing leaves the browser: the worker talks only to the page that started it.
 */

export interface DecryptRequest {
  privateKey: Uint8Array;
  publicKey: Uint8Array;
  fingerprint: string;
  organizationId: number;
  items: { protocolId: string; envelope: SealedEnvelope }[];
}

/** 'ready' once loaded; then one payload per item (null where that envelope did not open), or 'failed'. */
export type DecryptReply = { kind: 'ready' } | { kind: 'opened'; payloads: (SealedPatientDataPayload | null)[] } | { kind: 'failed' };

const reply = (message: DecryptReply) => postMessage(message);

async function decrypt({ privateKey, publicKey, fingerprint, organizationId, items }: DecryptRequest): Promise<DecryptReply> {
  try {
    const opener = await createPatientDataOpener({ sealing: { privateKey, publicKey }, fingerprint });
    const payloads = await Promise.all(items.map((item) => opener.open({ organizationId, protocolId: item.protocolId }, item.envelope).catch(() => null)));
    return { kind: 'opened', payloads };
  } finally {
    privateKey.fill(0);
  }
}

addEventListener('message', (event: MessageEvent<DecryptRequest>) => {
  decrypt(event.data).then(reply, () => reply({ kind: 'failed' }));
});
// Loaded, with the crypto code: the page may hand over work without waiting for a download.
reply({ kind: 'ready' });
