import { z } from './zodConfig';

/**
 * A record sealed to an organisation's public key (docs/security.md, "Sealing"): HPKE (RFC 9180)
 * base mode with DHKEM(X25519, HKDF-SHA256) = KEM 0x0020, HKDF-SHA256 = KDF 0x0001 and
 * AES-256-GCM = AEAD 0x0002. Made and opened only by packages/crypto; this file only describes
 * the shape, so that the server can check what a device sends without holding any key.
 *
 * Stored and sent as JSON: `{v, alg, kid, enc, ct}`.
 */
export const sealedEnvelopeVersion = 1;
export const sealedEnvelopeAlgorithm = 'HPKE-Base-X25519-SHA256-AES256GCM';

/** Upper bound of `ct` (base64url characters): patient data with revisions is a few KB. */
const maxCiphertextLength = 200_000;

export const sealedEnvelopeMessages = {
  invalid: 'Die versiegelten Patientendaten sind ungültig. Bitte aktualisieren Sie die App.',
  proofMissing: 'Die versiegelten Patientendaten lassen sich nicht prüfen. Bitte aktualisieren Sie die App und entlassen Sie den Patienten erneut.',
} as const;

const invalid = sealedEnvelopeMessages.invalid;

export const sealedEnvelopeSchema = z.object(
  {
    v: z.literal(sealedEnvelopeVersion, { error: invalid }),
    alg: z.literal(sealedEnvelopeAlgorithm, { error: invalid }),
    /** The organisation's key fingerprint (`organizationKeyFingerprint`): which key opens it. */
    kid: z.string({ error: invalid }).regex(/^[0-9a-f]{4}(-[0-9a-f]{4}){7}$/, invalid),
    /** HPKE encapsulated key: the sender's ephemeral X25519 public key, 32 bytes, base64url. */
    enc: z.string({ error: invalid }).regex(/^[A-Za-z0-9_-]{43}$/, invalid),
    /** AES-256-GCM ciphertext with its 16-byte tag, base64url. */
    ct: z.string({ error: invalid }).min(22, invalid).max(maxCiphertextLength, invalid).regex(/^[A-Za-z0-9_-]+$/, invalid),
  },
  { error: invalid },
);

export type SealedEnvelope = z.infer<typeof sealedEnvelopeSchema>;

/** The stored text form; undefined when it is not a well-formed envelope. */
export function parseSealedEnvelope(value: unknown): SealedEnvelope | undefined {
  let candidate = value;
  if (typeof value === 'string') {
    try {
      candidate = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const parsed = sealedEnvelopeSchema.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

export const serializeSealedEnvelope = (envelope: SealedEnvelope): string =>
  JSON.stringify({ v: envelope.v, alg: envelope.alg, kid: envelope.kid, enc: envelope.enc, ct: envelope.ct });
