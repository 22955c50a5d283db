import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Every table of the server database, in one place (camelCase here, snake_case in SQLite through
 * Kysely's CamelCasePlugin). Booleans are stored as 0/1, timestamps as ISO-8601 UTC text.
 */
type Bool = ColumnType<number, number | undefined, number>;
type CreatedAt = ColumnType<string, string, never>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Normalised username (NFKC, lower case): makes names unique regardless of case. */
  usernameKey: string;
  passwordHash: string;
  email: string | null;
  fullName: string | null;
  isAdmin: Bool;
  isBlocked: Bool;
  createdAt: CreatedAt;
  updatedAt: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a stolen database does not yield live sessions. */
  id: string;
  userId: number;
  rememberMe: Bool;
  createdAt: CreatedAt;
  lastSeenAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface SystemSettingsTable {
  id: Generated<number>;
  settingKey: string;
  settingValue: string;
  description: string | null;
  updatedAt: string;
  updatedById: number | null;
}

export interface BetaInviteCodesTable {
  id: Generated<number>;
  code: string;
  description: string | null;
  isActive: Bool;
  maxUses: ColumnType<number, number | undefined, number>;
  usedCount: ColumnType<number, number | undefined, number>;
  createdAt: CreatedAt;
  createdById: number | null;
  expiresAt: string | null;
}

export interface BetaCodeUsageTable {
  id: Generated<number>;
  codeId: number;
  userId: number;
  usedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  systemSettings: SystemSettingsTable;
  betaInviteCodes: BetaInviteCodesTable;
  betaCodeUsage: BetaCodeUsageTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type BetaInviteCodeRow = Selectable<BetaInviteCodesTable>;
