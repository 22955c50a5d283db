import type { CreatedAt, DefaultedInt, EncryptedText, IsoTimestamp } from '../columns';

/**
 * Server key pairs: `device_seal` is the X25519 pair devices seal their outbox args to,
 * so a locked tablet pushes without a key of its own. The secret is encrypted under DATA_KEY.
 */
export interface ServerKeysTable {
  name: string;
  /** base64url, 32 bytes. */
  publicKey: string;
  secretKey: EncryptedText;
  createdAt: CreatedAt;
}

/**
 * The server-held half of a device's PIN unlock (docs/security.md "Quick unlock with a
 * PIN"): handed out only for the right PIN verifier, destroyed after 5 wrong ones.
 */
export interface DevicePinSharesTable {
  deviceId: string;
  userId: number;
  /** The random share, encrypted under DATA_KEY. */
  share: EncryptedText;
  /** SHA-256 (hex) of the device's PIN verifier. */
  verifierHash: string;
  failedAttempts: DefaultedInt;
  createdAt: CreatedAt;
  updatedAt: IsoTimestamp;
}

/**
 * A device's X25519 public key (docs/security.md "Patient data needs the unlocked device"):
 * registered with the account password, the key pulls seal patient-identifying fields to.
 */
export interface DevicePublicKeysTable {
  deviceId: string;
  userId: number;
  /** base64url, 32 bytes: the device keyring's public key. */
  publicKey: string;
  registeredAt: IsoTimestamp;
}

export interface DeviceKeyTables {
  serverKeys: ServerKeysTable;
  devicePinShares: DevicePinSharesTable;
  devicePublicKeys: DevicePublicKeysTable;
}
