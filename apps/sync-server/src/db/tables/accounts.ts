import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AutoId, Bool, CreatedAt, EncryptedText, IsoTimestamp } from '../columns';

export interface UsersTable {
  id: AutoId;
  username: string;
  /** Normalised username (NFKC, lower case): makes names unique regardless of case. */
  usernameKey: string;
  /** UTS #39 skeleton (domain/accounts/usernameSkeleton.ts); null only for old look-alikes. */
  usernameSkeleton: string | null;
  passwordHash: string;
  email: string | null;
  /** Set when the address was confirmed through its link; cleared when the address changes. */
  emailVerifiedAt: IsoTimestamp | null;
  fullName: string | null;
  isAdmin: Bool;
  isBlocked: Bool;
  /** TOTP secret (base32) encrypted under DATA_KEY; null without two-factor sign-in. */
  totpSecret: EncryptedText | null;
  /** A new secret waiting for its first code (set-up or change of device). */
  totpPendingSecret: EncryptedText | null;
  totpEnabledAt: IsoTimestamp | null;
  /** The last RFC 6238 time step accepted: a code is refused once its step was used. */
  totpLastStep: number | null;
  /**
   * Set by a password reset (by a platform admin or by mailed link): until the holder proves a second
   * factor set up before it, or the organisation key, no key recovery (domain/accounts/ownerProof.ts).
   */
  keyProofRequiredSince: IsoTimestamp | null;
  createdAt: CreatedAt;
  updatedAt: IsoTimestamp;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a stolen database does not yield live sessions. */
  id: string;
  userId: number;
  rememberMe: Bool;
  createdAt: CreatedAt;
  lastSeenAt: IsoTimestamp;
  expiresAt: IsoTimestamp;
  ipAddress: string | null;
  userAgent: string | null;
  /** The device id the session pulls with (domain/sessions/devices.ts); null until its first pull. */
  deviceId: string | null;
}

/** Devices reported lost by their user or an organisation's owner/admin (domain/sessions/devices.ts). */
export interface LostDevicesTable {
  deviceId: string;
  userId: number;
  reportedBy: number | null;
  reportedAt: IsoTimestamp;
}

/**
 * A session of a device reported lost, kept as the right to push that device's outbox once more
 * and be told to wipe itself (domain/sessions/deviceWipe.ts); never a session.
 */
export interface DeviceWipeGrantsTable {
  sessionId: string;
  deviceId: string;
  userId: number;
  /** The ended session's own end: the grant never outlives it. */
  expiresAt: IsoTimestamp;
  /** The first push under the grant: from then on it admits pushes for a short window only. */
  firstUsedAt: IsoTimestamp | null;
}

/**
 * Single-use tokens sent by e-mail (password reset; domain/accounts/passwordReset.ts). Only the
 * SHA-256 of the token is kept: a read of the database yields no working link.
 */
export interface AccountTokensTable {
  id: AutoId;
  userId: number;
  purpose: 'password_reset' | 'email_verification';
  tokenDigest: string;
  expiresAt: IsoTimestamp;
  usedAt: IsoTimestamp | null;
  createdAt: CreatedAt;
}

/** Recovery codes of two-factor sign-in, as SHA-256 digests; each works once. */
export interface RecoveryCodesTable {
  id: AutoId;
  userId: number;
  codeDigest: string;
  usedAt: IsoTimestamp | null;
  createdAt: CreatedAt;
}

export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
  lostDevices: LostDevicesTable;
  deviceWipeGrants: DeviceWipeGrantsTable;
  accountTokens: AccountTokensTable;
  recoveryCodes: RecoveryCodesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
