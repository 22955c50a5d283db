import type { OrganizationKeys, PatientDataOpener } from '@sanidok/crypto';
import type { SealedEnvelope, SealedPatientDataPayload } from '@sanidok/schema';
import type { DecryptReply, DecryptRequest } from './decryptWorker';

/**
 * Opening a whole service on both cores: WebCrypto in Chromium runs X25519 and HKDF on the calling
 * thread, so 1,000 envelopes keep one core busy for a few hundred milliseconds. A worker opens the
 * second half meanwhile (docs/decisions.md, "Patient archive: opening 1,000 protocols"). Without
 * workers (old browsers, tests) or when the worker fails, the page opens everything itself.
 */

/** Below this many envelopes a worker's hand-over costs more than it saves. */
const workerFrom = 64;
/** Set when the prepared worker has loaded (the archive benchmark waits for it, as typing does). */
export const decryptWorkerReadyMark = 'sanidok:archive-worker-ready';

let prepared: Worker | undefined;

/** Starts a worker while the owner types the key; it is used by the next opening only. */
export function prepareDecryptWorker(): void {
  if (prepared || typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./decryptWorker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', function onReady(event: MessageEvent<DecryptReply>) {
      if (event.data.kind !== 'ready') return;
      worker.removeEventListener('message', onReady);
      performance.mark(decryptWorkerReadyMark);
    });
    prepared = worker;
  } catch {
    prepared = undefined;
  }
}

export interface SealedItem {
  protocolId: string;
  envelope: SealedEnvelope;
}

type Payloads = (SealedPatientDataPayload | null)[];

function openHere(opener: PatientDataOpener, organizationId: number, items: SealedItem[]): Promise<Payloads> {
  return Promise.all(items.map((item) => opener.open({ organizationId, protocolId: item.protocolId }, item.envelope).catch(() => null)));
}

function openInWorker(worker: Worker, keys: OrganizationKeys, organizationId: number, items: SealedItem[]): Promise<Payloads> {
  return new Promise((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<DecryptReply>) => {
      if (event.data.kind === 'opened' && event.data.payloads.length === items.length) resolve(event.data.payloads);
      else if (event.data.kind !== 'ready') reject(new Error('decrypt worker failed'));
    });
    worker.addEventListener('error', () => reject(new Error('decrypt worker failed')));
    // A copy of the private key, moved (not copied again) into the worker, which overwrites it.
    const privateKey = keys.sealing.privateKey.slice();
    const request: DecryptRequest = { privateKey, publicKey: keys.sealing.publicKey.slice(), fingerprint: keys.fingerprint, organizationId, items };
    worker.postMessage(request, [privateKey.buffer]);
  });
}

/** The patient data of every item, in order; null where an envelope did not open. */
export async function openAllPatientData(keys: OrganizationKeys, opener: PatientDataOpener, organizationId: number, items: SealedItem[]): Promise<Payloads> {
  const worker = items.length >= workerFrom ? prepared : undefined;
  if (!worker) return openHere(opener, organizationId, items);
  prepared = undefined;
  const half = Math.floor(items.length / 2);
  const theirs = items.slice(half);
  try {
    // The worker's half is posted first, so both cores start at once.
    const remote = openInWorker(worker, keys, organizationId, theirs).catch(() => openHere(opener, organizationId, theirs));
    const [ours, rest] = await Promise.all([openHere(opener, organizationId, items.slice(0, half)), remote]);
    return [...ours, ...rest];
  } finally {
    worker.terminate();
  }
}
