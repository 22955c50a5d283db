import { z } from 'zod';
import { publicUserFields } from './account';
import type {
  AdminAuditEntry,
  AdminDeleteResult,
  AdminOrganization,
  AdminService,
  AdminSummary,
  AdminUser,
  ArchiveAccessFailureItem,
  BetaCodeItem,
  BetaCodeUsageItem,
} from '../admin';
import type { AdminAlertItem } from '../adminAlerts';
import { adminAlertKinds } from '../adminAlerts';
import type { EmailConfigurationItem, EmailLogItem, EmailTemplateItem } from '../email';
import { replyOf } from './common';

/** Replies of the admin area (routes/api/admin.ts, adminEmail.ts): no password hash, no SMTP password. */
export const adminSummaryReply = replyOf<AdminSummary>()(
  z.object({
    users: z.number(),
    blockedUsers: z.number(),
    organizations: z.number(),
    blockedOrganizations: z.number(),
    services: z.number(),
    activeServices: z.number(),
  }),
);

/** A user as the admin list shows it: the public user plus the organisation counts. */
export const adminUserReply = replyOf<AdminUser>()(
  publicUserFields.extend({
    organizationCount: z.number(),
    ownedOrganizations: z.array(z.string()),
  }),
);

export const adminOrganizationReply = replyOf<AdminOrganization>()(
  z.object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    isBlocked: z.boolean(),
    createdAt: z.string(),
    createdById: z.number().nullable(),
    ownerUsername: z.string().nullable(),
    memberCount: z.number(),
    serviceCount: z.number(),
    patientRecordCount: z.number(),
    archivedProtocolCount: z.number(),
  }),
);

export const adminServiceReply = replyOf<AdminService>()(
  z.object({
    id: z.string(),
    name: z.string(),
    location: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    status: z.string(),
    isBlocked: z.boolean(),
    organizationBlocked: z.boolean(),
    organizationId: z.number(),
    organizationName: z.string(),
    createdAt: z.string(),
    patientRecordCount: z.number(),
    archivedProtocolCount: z.number(),
  }),
);

export const adminDeleteReply = replyOf<AdminDeleteResult>()(
  z.object({ ok: z.literal(true), deleted: z.object({ patientRecords: z.number(), archivedProtocols: z.number() }) }),
);

export const betaCodeReply = replyOf<BetaCodeItem>()(
  z.object({
    id: z.number(),
    code: z.string(),
    description: z.string().nullable(),
    isActive: z.boolean(),
    maxUses: z.number(),
    usedCount: z.number(),
    createdAt: z.string(),
    createdById: z.number().nullable(),
    creatorUsername: z.string().nullable(),
    expiresAt: z.string().nullable(),
  }),
);

export const betaCodeUsageReply = replyOf<BetaCodeUsageItem>()(
  z.object({
    id: z.number(),
    usedAt: z.string(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    code: z.string(),
    codeDescription: z.string().nullable(),
    ipAddress: z.string().nullable(),
  }),
);

export const archiveAccessFailureReply = replyOf<ArchiveAccessFailureItem>()(
  z.object({
    id: z.number(),
    timestamp: z.string(),
    username: z.string().nullable(),
    userEmail: z.string().nullable(),
    organizationName: z.string().nullable(),
    serviceName: z.string().nullable(),
    serviceLocation: z.string().nullable(),
    serviceStartDate: z.string().nullable(),
    serviceEndDate: z.string().nullable(),
    ipAddress: z.string().nullable(),
    organizationId: z.number().nullable(),
    serviceId: z.string().nullable(),
    userId: z.number().nullable(),
  }),
);

export const auditEntryReply = replyOf<AdminAuditEntry>()(
  z.object({
    id: z.number(),
    actorId: z.number().nullable(),
    actorUsername: z.string(),
    action: z.string(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    targetName: z.string().nullable(),
    details: z.string().nullable(),
    ipAddress: z.string().nullable(),
    createdAt: z.string(),
  }),
);

export const emailConfigurationReply = replyOf<EmailConfigurationItem>()(
  z.object({
    id: z.number(),
    name: z.string(),
    host: z.string(),
    port: z.number(),
    useTLS: z.boolean(),
    username: z.string(),
    hasPassword: z.boolean().meta({ description: 'Ob ein Passwort gespeichert ist; das Passwort selbst verlässt den Server nie' }),
    fromEmail: z.string(),
    fromName: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);

export const emailTemplateReply = replyOf<EmailTemplateItem>()(
  z.object({
    id: z.number(),
    name: z.string(),
    subject: z.string(),
    htmlBody: z.string(),
    textBody: z.string(),
    variables: z.array(z.string()),
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);

export const emailLogReply = replyOf<EmailLogItem>()(
  z.object({
    id: z.number(),
    toEmail: z.string(),
    fromEmail: z.string().nullable(),
    subject: z.string(),
    templateId: z.number().nullable(),
    templateName: z.string().nullable(),
    status: z.enum(['sent', 'error']),
    errorMessage: z.string().nullable(),
    sentAt: z.string().nullable(),
    createdAt: z.string(),
  }),
);

export const adminAlertReply = replyOf<AdminAlertItem>()(
  z.object({
    id: z.number(),
    kind: z.enum(adminAlertKinds),
    title: z.string(),
    body: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
    readByName: z.string().nullable(),
  }).meta({ id: 'AdminAlert' }),
);
