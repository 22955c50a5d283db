/**
 * The platform authenticator (fingerprint, face, device PIN) through WebAuthn's PRF extension,
 * for the quick unlock of the device data (docs/security.md "Quick unlock with the
 * device lock"). No server takes part: the challenge is random and the assertion is not checked,
 * because what unlocks is the PRF output, which the authenticator computes only after user
 * verification from a secret it never releases. Nothing here stores anything.
 */

/** The browser or authenticator does not return PRF results: nothing is enrolled. */
export class PrfUnsupportedError extends Error {
  constructor() {
    super('WebAuthn PRF is not supported');
    this.name = 'PrfUnsupportedError';
  }
}

interface PrfOutputs {
  enabled?: boolean;
  results?: { first?: BufferSource };
}
type PrfExtensionResults = AuthenticationExtensionsClientOutputs & { prf?: PrfOutputs };

const timeout = 60_000;

/** Whether to offer the quick unlock: WebAuthn exists and the device has a user-verifying authenticator. */
export async function platformAuthenticatorAvailable(): Promise<boolean> {
  // The DOM types claim WebAuthn always exists; older browsers and insecure origins disagree.
  const credential = (globalThis as { PublicKeyCredential?: typeof PublicKeyCredential }).PublicKeyCredential;
  if (!credential?.isUserVerifyingPlatformAuthenticatorAvailable || !(navigator as { credentials?: unknown }).credentials) return false;
  try {
    return await credential.isUserVerifyingPlatformAuthenticatorAvailable();
  } catch {
    return false;
  }
}

function bytesOf(source: BufferSource | undefined): Uint8Array | null {
  if (!source) return null;
  // A copy: the caller overwrites it after use. (isView, not instanceof ArrayBuffer: realms differ.)
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer.slice(source.byteOffset, source.byteOffset + source.byteLength));
  return new Uint8Array(source).slice();
}

function randomChallenge(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(32));
}

function prfOf(credential: Credential | null): PrfOutputs | undefined {
  if (!credential || !('getClientExtensionResults' in credential)) return undefined;
  return ((credential as PublicKeyCredential).getClientExtensionResults() as PrfExtensionResults).prf;
}

/**
 * The PRF output of an enrolled credential for `salt`, after user verification. Throws the
 * browser's DOMException (NotAllowedError when cancelled or timed out) or PrfUnsupportedError.
 */
export async function platformPrfOutput(credentialId: Uint8Array, salt: Uint8Array): Promise<Uint8Array> {
  const credential = await navigator.credentials.get({
    publicKey: {
      challenge: randomChallenge(),
      rpId: location.hostname,
      allowCredentials: [{ type: 'public-key', id: credentialId as Uint8Array<ArrayBuffer> }],
      userVerification: 'required',
      timeout,
      extensions: { prf: { eval: { first: salt as Uint8Array<ArrayBuffer> } } },
    },
  });
  const output = bytesOf(prfOf(credential)?.results?.first);
  if (!output) throw new PrfUnsupportedError();
  return output;
}

/**
 * Creates a platform credential with PRF and returns its id and the PRF output for `salt`: from
 * create() where the browser evaluates it there, else from one get() (browsers that report only
 * `prf.enabled` at creation). The user id is random: the authenticator needs no account data.
 */
export async function createPlatformPrfCredential(salt: Uint8Array, user: { name: string }): Promise<{ credentialId: Uint8Array; output: Uint8Array }> {
  const credential = await navigator.credentials.create({
    publicKey: {
      challenge: randomChallenge(),
      rp: { id: location.hostname, name: 'SaniDok' },
      user: { id: crypto.getRandomValues(new Uint8Array(16)), name: user.name, displayName: user.name },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }, { type: 'public-key', alg: -257 }],
      authenticatorSelection: { authenticatorAttachment: 'platform', userVerification: 'required', residentKey: 'discouraged' },
      timeout,
      extensions: { prf: { eval: { first: salt as Uint8Array<ArrayBuffer> } } },
    },
  });
  const prf = prfOf(credential);
  const credentialId = bytesOf((credential as PublicKeyCredential | null)?.rawId);
  if (!credentialId || !prf) throw new PrfUnsupportedError();
  const output = bytesOf(prf.results?.first);
  if (output) return { credentialId, output };
  if (prf.enabled !== true) throw new PrfUnsupportedError();
  return { credentialId, output: await platformPrfOutput(credentialId, salt) };
}
