import type { AdminAlertKind } from '@sanidok/schema';
import type { Selectable } from 'kysely';
import type { AutoId, Bool, CreatedAt, DefaultedInt, IsoTimestamp, JsonText } from '../columns';

export interface SystemSettingsTable {
  id: AutoId;
  settingKey: string;
  settingValue: string;
  description: string | null;
  updatedAt: IsoTimestamp;
  updatedById: number | null;
}

export interface BetaInviteCodesTable {
  id: AutoId;
  code: string;
  description: string | null;
  isActive: Bool;
  maxUses: DefaultedInt;
  usedCount: DefaultedInt;
  createdAt: CreatedAt;
  createdById: number | null;
  expiresAt: IsoTimestamp | null;
}

export interface BetaCodeUsageTable {
  id: AutoId;
  codeId: number;
  userId: number;
  usedAt: IsoTimestamp;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface ArchiveAccessFailuresTable {
  id: AutoId;
  timestamp: IsoTimestamp;
  username: string | null;
  userEmail: string | null;
  organizationName: string | null;
  serviceName: string | null;
  serviceLocation: string | null;
  serviceStartDate: string | null;
  serviceEndDate: string | null;
  ipAddress: string | null;
  organizationId: number | null;
  serviceId: string | null;
  userId: number | null;
}

export interface AdminAuditLogTable {
  id: AutoId;
  /** Who acted: a platform admin, or a non-admin whose attempt was refused. */
  actorId: number | null;
  actorUsername: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetName: string | null;
  /** JSON object with what else matters (counts deleted, reason, denied path). */
  details: JsonText | null;
  ipAddress: string | null;
  createdAt: CreatedAt;
}

/** The platform admins' in-app inbox (domain/admin/alerts.ts). */
export interface AdminAlertsTable {
  id: AutoId;
  kind: AdminAlertKind;
  title: string;
  body: string;
  createdAt: CreatedAt;
  readAt: IsoTimestamp | null;
  readById: number | null;
}

/** The installation's operator for Impressum and Datenschutz: one row (id 1) once entered. */
export interface OperatorDetailsTable {
  id: number;
  name: string;
  address: string;
  email: string;
  phone: string;
  representative: string;
  registerDetails: string;
  dataProtectionOfficer: string;
  supervisoryAuthority: string;
  processors: string;
  updatedAt: IsoTimestamp;
  updatedById: number | null;
}

/** Platform settings, beta codes and what the admin area records. */
export interface AdminTables {
  operatorDetails: OperatorDetailsTable;
  adminAlerts: AdminAlertsTable;
  systemSettings: SystemSettingsTable;
  betaInviteCodes: BetaInviteCodesTable;
  betaCodeUsage: BetaCodeUsageTable;
  archiveAccessFailures: ArchiveAccessFailuresTable;
  adminAuditLog: AdminAuditLogTable;
}

export type BetaInviteCodeRow = Selectable<BetaInviteCodesTable>;
