import { z } from 'zod';

/**
 * Device encryption (issue 16, docs/security.md "Encryption on the device"). Outbox rows are
 * sealed at write time to the server's public sealing key, so a locked device pushes without any
 * key of its own: a mutation's `args` is then `{ "$sealed": "s1.<sealed box>" }`, opened by the
 * push handler before anything else reads it.
 */
export const sealedArgsKey = '$sealed';

export const deviceSealMessages = {
  sealedInvalid: 'Die verschlüsselte Änderung konnte nicht geöffnet werden.',
} as const;

/** `{ "$sealed": "s1.…" }` and nothing else; at most 1 MB like every body. */
export const sealedArgsSchema = z.strictObject({
  [sealedArgsKey]: z.string().startsWith('s1.').max(1_500_000),
});

/** GET /api/device/seal-key: the server's X25519 public key, base64url (32 bytes). */
export const deviceSealKeyReply = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type DeviceSealKey = z.infer<typeof deviceSealKeyReply>;
