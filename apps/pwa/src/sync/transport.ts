import { clientHeaderName, deviceSealKeyReply, pullReply, pushReply } from '@sanidok/schema';
import type { DeviceSealKey, PullResponse, PushRequest, PushResponse } from '@sanidok/schema';
import type { ZodType } from 'zod';
import { ApiError, errorFromResponse, parseReply } from '../api/client';
import { de } from '../i18n/de';

/**
 * How the engine reaches the server. Failures are values, not throws: the engine decides on the
 * status (0 = not reached at all) and tests plug in their own transport.
 */
export type TransportResult<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; message: string; code?: string | undefined };

export interface PullParams {
  cursor?: string | undefined;
  limit: number;
  schemaVersion: number;
  /** This device (its registered key seals patient data) and its outbox count (the board's team panel). */
  deviceId?: string | undefined;
  pending?: number | undefined;
}

export interface SyncTransport {
  /** `signal` aborts the request when the engine stops (sign-out must not wait for a stalled network). */
  push(request: PushRequest, signal?: AbortSignal): Promise<TransportResult<PushResponse>>;
  pull(params: PullParams, signal?: AbortSignal): Promise<TransportResult<PullResponse>>;
  /** The server's public sealing key for outbox args; optional for test transports. */
  sealKey?(signal?: AbortSignal): Promise<TransportResult<DeviceSealKey>>;
}

/**
 * A stalled connection (one bar of coverage at a festival) would otherwise hold the engine's only
 * cycle forever. A timed-out push may still have committed on the server; the resend is then
 * answered as duplicate.
 */
export const requestTimeoutMs = 30_000;

export const syncPaths = { push: '/api/sync/push', pull: '/api/sync/pull', sealKey: '/api/device/seal-key' } as const;

/** Builds the pull URL; the cursor is opaque and only URL-encoded. */
export function pullUrl(params: PullParams): string {
  const query = new URLSearchParams();
  if (params.cursor) query.set('cursor', params.cursor);
  query.set('limit', String(params.limit));
  query.set('schemaVersion', String(params.schemaVersion));
  // The device id names the key the server seals patient data to (docs/security.md "Patient data
  // needs the unlocked device"); the outbox count goes with it when known (the board's team panel).
  if (params.deviceId !== undefined) query.set('deviceId', params.deviceId);
  if (params.deviceId !== undefined && params.pending !== undefined) query.set('pending', String(params.pending));
  return `${syncPaths.pull}?${query.toString()}`;
}

async function send<T>(fetchImpl: typeof fetch, url: string, init: RequestInit, reply: ZodType<T>, signal: AbortSignal | undefined): Promise<TransportResult<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), requestTimeoutMs);
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort);
  let response: Response;
  try {
    response = await fetchImpl(url, {
      ...init,
      signal: controller.signal,
      // The session cookie; the client header satisfies the server's CSRF/Origin guard.
      credentials: 'same-origin',
      headers: { Accept: 'application/json', [clientHeaderName]: 'pwa', ...(init.headers as Record<string, string> | undefined) },
    });
  } catch {
    return { ok: false, status: 0, message: de.errors.network };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    return { ok: false, status: response.status, message: error.message, code: error.code };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // A cut connection mid-body: treat as not reached, the request is safe to repeat.
    return { ok: false, status: 0, message: de.errors.network };
  }
  // One parse per page: a reply of another server version stops here, not in Dexie.
  try {
    return { ok: true, status: response.status, body: parseReply(url, reply, body) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, status: error.status, message: error.message };
  }
}

/**
 * The pull reply schema checks each change's data against its entity's reply schema at run time;
 * its inferred type merely does not tie `entity` to `data` the way PullResponse's union does.
 */
const pullPageReply = pullReply as unknown as ZodType<PullResponse>;

export function createFetchTransport(fetchImpl: typeof fetch = (...args) => fetch(...args)): SyncTransport {
  return {
    push: (request, signal) =>
      send<PushResponse>(fetchImpl, syncPaths.push, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request) }, pushReply, signal),
    pull: (params, signal) => send<PullResponse>(fetchImpl, pullUrl(params), { method: 'GET' }, pullPageReply, signal),
    sealKey: (signal) => send<DeviceSealKey>(fetchImpl, syncPaths.sealKey, { method: 'GET' }, deviceSealKeyReply, signal),
  };
}
