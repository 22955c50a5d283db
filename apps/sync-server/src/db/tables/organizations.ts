import type { Generated, Selectable } from 'kysely';
import type { OrganizationRole, RespondInvitationInput, invitableRoles } from '@sanidok/schema';
import type { AutoId, Bool, CreatedAt, IsoTimestamp } from '../columns';

export interface OrganizationsTable {
  id: AutoId;
  name: string;
  description: string | null;
  isBlocked: Bool;
  createdAt: CreatedAt;
  createdById: number | null;
  sealingPublicKey: string;
  signingPublicKey: string;
  keyFingerprint: string;
  /** Set when a recovered key took effect, until the owner confirms it (domain/archive/keyRecovery.ts). */
  keyUnconfirmedSince: IsoTimestamp | null;
  /** Longest inactivity before members' devices lock (migration _022). */
  lockAfterMinutes: Generated<number>;
  /** Years a sealed record is kept after its close (migration 2026-11-28_010, domain/retention/). */
  retentionYears: Generated<number>;
}

/** Recoveries of a lost organisation key: pending for 72 h, then applied, or cancelled. */
export interface OrganizationKeyRecoveriesTable {
  id: AutoId;
  organizationId: number;
  sealingPublicKey: string;
  signingPublicKey: string;
  keyFingerprint: string;
  status: 'pending' | 'cancelled' | 'applied';
  requestedById: number | null;
  requestedAt: IsoTimestamp;
  effectiveAt: IsoTimestamp;
  closedById: number | null;
  closedAt: IsoTimestamp | null;
  /** 'totp' when the owner proved the second factor at the request; null until an admin approves. */
  proof: 'totp' | 'admin' | null;
  approvedById: number | null;
  approvedAt: IsoTimestamp | null;
}

/** Single-use nonces of key rotations and recoveries (domain/archive/keyChallenges.ts), 5 minutes. */
export interface OrganizationKeyChallengesTable {
  id: string;
  organizationId: number;
  userId: number;
  nonce: string;
  createdAt: IsoTimestamp;
  expiresAt: IsoTimestamp;
}

export interface OrganizationMembersTable {
  id: AutoId;
  userId: number;
  organizationId: number;
  role: OrganizationRole;
  createdAt: CreatedAt;
}

/** An invitation names a username or an e-mail address, never an account (migration 2026-11-28_010). */
export interface OrganizationInvitationsTable {
  id: AutoId;
  organizationId: number;
  invitedUsername: string | null;
  /** normalizeUsername of the name: matched against users.usernameKey when the invitee reads. */
  invitedUsernameKey: string | null;
  /** Lower case; matched only against a confirmed users.email. */
  invitedEmail: string | null;
  invitedBy: number | null;
  role: (typeof invitableRoles)[number];
  status: 'pending' | 'revoked' | RespondInvitationInput['response'];
  createdAt: CreatedAt;
  lastSentAt: IsoTimestamp;
  expiresAt: IsoTimestamp;
  respondedAt: IsoTimestamp | null;
  respondedBy: number | null;
}

/** One row per invitation attempt, known name or not: what the invitation limits count. */
export interface InvitationAttemptsTable {
  id: AutoId;
  organizationId: number;
  inviterId: number;
  createdAt: CreatedAt;
}

/** Public keys an organisation used before a key rotation. */
export interface OrganizationRetiredKeysTable {
  id: AutoId;
  organizationId: number;
  keyFingerprint: string;
  sealingPublicKey: string;
  signingPublicKey: string;
  retiredAt: IsoTimestamp;
  retiredById: number | null;
}

export interface OrganizationTables {
  organizations: OrganizationsTable;
  organizationMembers: OrganizationMembersTable;
  organizationInvitations: OrganizationInvitationsTable;
  organizationRetiredKeys: OrganizationRetiredKeysTable;
  organizationKeyRecoveries: OrganizationKeyRecoveriesTable;
  organizationKeyChallenges: OrganizationKeyChallengesTable;
  invitationAttempts: InvitationAttemptsTable;
}

export type OrganizationRow = Selectable<OrganizationsTable>;
