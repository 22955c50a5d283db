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

export type OrganizationRoleColumn = 'owner' | 'admin' | 'member';

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  isBlocked: Bool;
  createdAt: CreatedAt;
  createdById: number | null;
  sealingPublicKey: string;
  signingPublicKey: string;
  keyFingerprint: string;
}

export interface OrganizationMembersTable {
  id: Generated<number>;
  userId: number;
  organizationId: number;
  role: OrganizationRoleColumn;
  createdAt: CreatedAt;
}

export interface OrganizationInvitationsTable {
  id: Generated<number>;
  organizationId: number;
  invitedUsername: string;
  invitedUserId: number;
  invitedBy: number | null;
  role: 'admin' | 'member';
  status: 'pending' | 'accepted' | 'declined';
  createdAt: CreatedAt;
  respondedAt: string | null;
}

export interface MaterialsTable {
  id: Generated<number>;
  organizationId: number;
  name: string;
  /** Normalised name: one catalogue entry per name regardless of case. */
  nameKey: string;
  unit: string;
  createdAt: CreatedAt;
  deletedAt: string | null;
  version: ColumnType<number, number | undefined, number>;
}

export interface AccessLogsTable {
  id: Generated<number>;
  userId: number | null;
  patientProtocolId: string | null;
  organizationId: number;
  serviceId: string | null;
  actionType: string;
  timestamp: string;
  ipAddress: string | null;
  userAgent: string | null;
  details: string | null;
  userEmail: string | null;
  /** The device's id of the event: a resent event is stored once. */
  eventId: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SyncStateTable {
  id: number;
  version: number;
}

export interface DevicesTable {
  id: string;
  userId: number;
  lastSeq: number;
  createdAt: CreatedAt;
  lastSeenAt: string;
}

export interface SyncQuarantineTable {
  id: Generated<number>;
  deviceId: string;
  userId: number | null;
  mutationId: string;
  seq: number;
  name: string;
  args: string;
  code: string;
  message: string;
  createdAt: CreatedAt;
}

export interface SyncTombstonesTable {
  entity: string;
  entityId: string;
  organizationId: number;
  version: number;
  deletedAt: string;
}

export interface FieldRevisionsTable {
  id: Generated<number>;
  entity: string;
  entityId: string;
  field: string;
  replacedValue: string | null;
  replacedVersion: number;
  newValue: string | null;
  newVersion: number;
  baseVersion: number;
  userId: number | null;
  createdAt: CreatedAt;
}

export interface ServicesTable {
  id: string;
  organizationId: number;
  name: string;
  description: string | null;
  location: string;
  startDate: string;
  endDate: string;
  status: 'active' | 'ended' | 'archived' | 'completed';
  isBlocked: Bool;
  accessCode: string | null;
  createdById: number | null;
  createdAt: CreatedAt;
  updatedAt: string;
  version: number;
  fieldVersions: ColumnType<string, string | undefined, string>;
  needsReview: Bool;
}

export interface MinorTreatmentsTable {
  id: string;
  serviceId: string;
  organizationId: number;
  patientNameEnc: string;
  description: string;
  treatedById: number | null;
  createdAt: string;
  /** Server time of arrival; createdAt is the medic's time on the device. */
  receivedAt: string;
  version: number;
}

export interface MaterialUsageTable {
  id: string;
  materialId: number;
  quantity: number;
  serviceId: string;
  organizationId: number;
  source: 'minor_treatment' | 'patient_protocol' | 'manual';
  sourceId: string | null;
  usedAt: string;
  refilledAt: string | null;
  recordedById: number | null;
  version: number;
}

export interface PatientProtocolsTable {
  id: string;
  serviceId: string;
  organizationId: number;
  serviceProtocolNumber: number;
  status: 'active' | 'transferred' | 'discharged' | 'cancelled';
  chiefComplaint: string | null;
  initialAssessment: string | null;
  allergies: string | null;
  medications: string | null;
  pastHistory: string | null;
  handlingInstructions: string | null;
  helper1: string | null;
  helper2: string | null;
  dischargeStatus: 'stabil' | 'instabil' | null;
  dischargeDestination: string | null;
  handoverTo: string | null;
  dischargeComment: string | null;
  dischargedById: number | null;
  dischargedAt: string | null;
  treatedById: number | null;
  /** The medic's time on the device; receivedAt is the server's. */
  createdAt: string;
  receivedAt: string;
  updatedAt: string;
  version: number;
  fieldVersions: ColumnType<string, string | undefined, string>;
  needsReview: Bool;
}

export interface ProtocolPatientDataTable {
  protocolId: string;
  organizationId: number;
  /** AES-256-GCM envelope (packages/crypto atRest) of the patient data JSON. */
  dataEnc: string;
  updatedAt: string;
  version: number;
  fieldVersions: ColumnType<string, string | undefined, string>;
}

export interface TreatmentEntriesTable {
  id: string;
  protocolId: string;
  organizationId: number;
  time: string;
  text: string;
  performer: 'helfer1' | 'helfer2' | 'laienhelfer' | 'custom';
  performerName: string | null;
  createdAt: string;
  receivedAt: string;
  recordedById: number | null;
  version: number;
}

export interface VitalSignRecordsTable {
  id: string;
  protocolId: string;
  organizationId: number;
  recordedAt: string;
  receivedAt: string;
  recordedById: number | null;
  version: number;
}

export interface VitalSignValuesTable {
  recordId: string;
  position: number;
  parameterType: string;
  value: string;
  unit: string | null;
}

export interface EmailConfigurationsTable {
  id: Generated<number>;
  name: string;
  host: string;
  port: number;
  useTls: Bool;
  username: string;
  /** AES-256-GCM envelope (packages/crypto atRest, server data key); never sent to a client. */
  passwordEnc: string | null;
  fromEmail: string;
  fromName: string | null;
  isActive: Bool;
  createdAt: CreatedAt;
  updatedAt: string;
}

export interface EmailTemplatesTable {
  id: Generated<number>;
  name: string;
  subject: string;
  htmlBody: string;
  textBody: string;
  /** JSON array of placeholder names. */
  variables: string;
  isActive: Bool;
  createdAt: CreatedAt;
  updatedAt: string;
}

export interface EmailLogsTable {
  id: Generated<number>;
  toEmail: string;
  fromEmail: string | null;
  subject: string;
  templateId: number | null;
  templateName: string | null;
  status: 'sent' | 'error';
  errorMessage: string | null;
  sentAt: string | null;
  createdAt: CreatedAt;
}

/** Mails queued inside an action's transaction; sent after it has committed. */
export interface EmailOutboxTable {
  id: Generated<number>;
  templateName: string;
  toEmail: string;
  /** JSON object of template variables. */
  variables: string;
  createdAt: CreatedAt;
}

export interface ArchiveAccessFailuresTable {
  id: Generated<number>;
  timestamp: string;
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
  id: Generated<number>;
  /** Who acted: a platform admin, or a non-admin whose attempt was refused. */
  actorId: number | null;
  actorUsername: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetName: string | null;
  /** JSON object with what else matters (counts deleted, reason, denied path). */
  details: string | null;
  ipAddress: string | null;
  createdAt: CreatedAt;
}

/** Patient data of a discharged protocol, sealed to the organisation key; the server cannot open it. */
export interface SealedPatientDataTable {
  protocolId: string;
  organizationId: number;
  serviceId: string;
  keyFingerprint: string;
  /** HPKE envelope (packages/schema sealedEnvelope), JSON. */
  envelope: string;
  sealedBy: 'server' | 'device';
  sealedAt: string;
}

/** Public keys an organisation used before a key rotation. */
export interface OrganizationRetiredKeysTable {
  id: Generated<number>;
  organizationId: number;
  keyFingerprint: string;
  sealingPublicKey: string;
  signingPublicKey: string;
  retiredAt: string;
  retiredById: number | null;
}

/** A single-use archive challenge (valid 5 minutes). */
export interface ArchiveChallengesTable {
  id: string;
  organizationId: number;
  serviceId: string;
  userId: number;
  nonce: string;
  createdAt: CreatedAt;
  expiresAt: string;
}

/** Consecutive wrong archive proofs of one user at one organisation. */
export interface ArchiveFailureCountersTable {
  organizationId: number;
  userId: number;
  failureCount: number;
  lastFailureAt: string;
}

export interface Database {
  sealedPatientData: SealedPatientDataTable;
  organizationRetiredKeys: OrganizationRetiredKeysTable;
  archiveChallenges: ArchiveChallengesTable;
  archiveFailureCounters: ArchiveFailureCountersTable;
  emailConfigurations: EmailConfigurationsTable;
  emailTemplates: EmailTemplatesTable;
  emailLogs: EmailLogsTable;
  emailOutbox: EmailOutboxTable;
  archiveAccessFailures: ArchiveAccessFailuresTable;
  adminAuditLog: AdminAuditLogTable;
  patientProtocols: PatientProtocolsTable;
  protocolPatientData: ProtocolPatientDataTable;
  treatmentEntries: TreatmentEntriesTable;
  vitalSignRecords: VitalSignRecordsTable;
  vitalSignValues: VitalSignValuesTable;
  minorTreatments: MinorTreatmentsTable;
  materialUsage: MaterialUsageTable;
  syncState: SyncStateTable;
  devices: DevicesTable;
  syncQuarantine: SyncQuarantineTable;
  syncTombstones: SyncTombstonesTable;
  fieldRevisions: FieldRevisionsTable;
  services: ServicesTable;
  organizations: OrganizationsTable;
  organizationMembers: OrganizationMembersTable;
  organizationInvitations: OrganizationInvitationsTable;
  materials: MaterialsTable;
  accessLogs: AccessLogsTable;
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
export type ServiceRow = Selectable<ServicesTable>;
export type PatientProtocolRow = Selectable<PatientProtocolsTable>;
export type OrganizationRow = Selectable<OrganizationsTable>;
export type BetaInviteCodeRow = Selectable<BetaInviteCodesTable>;
export type EmailConfigurationRow = Selectable<EmailConfigurationsTable>;
export type EmailTemplateRow = Selectable<EmailTemplatesTable>;
