import { vi } from 'vitest';

/**
 * A faked platform authenticator behind `navigator.credentials` (a browser API, not our server):
 * PRF output = HMAC-SHA-256(the credential's secret, salt), as CTAP2's hmac-secret does. `prf`
 * 'none' plays a browser or authenticator without the extension; `prf` 'enabled-only' one that
 * evaluates PRF only in get(). `next` makes the next call fail (NotAllowedError: cancelled).
 */
export interface FakeAuthenticator {
  credentials: Map<string, Uint8Array>;
  create: ReturnType<typeof vi.fn>;
  get: ReturnType<typeof vi.fn>;
  failNext(name: string): void;
}

function key(bytes: BufferSource): string {
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from(view, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function hmac(secret: Uint8Array, salt: BufferSource): Promise<ArrayBuffer> {
  const k = await crypto.subtle.importKey('raw', secret as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return crypto.subtle.sign('HMAC', k, salt);
}

export function installFakeAuthenticator(options: { prf?: 'results' | 'enabled-only' | 'none'; platform?: boolean } = {}): FakeAuthenticator {
  const mode = options.prf ?? 'results';
  const credentials = new Map<string, Uint8Array>();
  let failure: string | null = null;
  const fail = () => {
    if (!failure) return;
    const name = failure;
    failure = null;
    throw new DOMException('The operation either timed out or was not allowed.', name);
  };
  const create = vi.fn(async ({ publicKey }: { publicKey: PublicKeyCredentialCreationOptions }) => {
    fail();
    const id = crypto.getRandomValues(new Uint8Array(16));
    const secret = crypto.getRandomValues(new Uint8Array(32));
    credentials.set(key(id), secret);
    const salt = publicKey.extensions?.prf?.eval?.first;
    const prf = mode === 'none' ? undefined : mode === 'enabled-only' || !salt ? { enabled: true } : { enabled: true, results: { first: await hmac(secret, salt) } };
    return { rawId: id.buffer, type: 'public-key', getClientExtensionResults: () => (prf ? { prf } : {}) };
  });
  const get = vi.fn(async ({ publicKey }: { publicKey: PublicKeyCredentialRequestOptions }) => {
    fail();
    const allowed = publicKey.allowCredentials?.[0];
    const secret = allowed ? credentials.get(key(allowed.id)) : undefined;
    if (!allowed || !secret) throw new DOMException('No credential', 'NotAllowedError');
    const salt = publicKey.extensions?.prf?.eval?.first;
    const prf = mode === 'none' || !salt ? undefined : { results: { first: await hmac(secret, salt) } };
    return { rawId: allowed.id, type: 'public-key', getClientExtensionResults: () => (prf ? { prf } : {}) };
  });
  vi.stubGlobal('PublicKeyCredential', { isUserVerifyingPlatformAuthenticatorAvailable: () => Promise.resolve(options.platform ?? true) });
  Object.defineProperty(navigator, 'credentials', { value: { create, get }, configurable: true });
  return {
    credentials, create, get,
    failNext: (name) => {
      failure = name;
    },
  };
}

export function removeFakeAuthenticator(): void {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'credentials');
}
