import { z } from 'zod';
import type { AccessLogItem } from '../accessLogs';
import { accessLogActions } from '../accessLogs';
import type { KeyChangeChallenge, PendingKeyRecovery } from '../keyRecovery';
import type { OpenInvitationItem } from '../invitations';
import type { ProcessingRecord, RetentionDeletionItem } from '../retention';
import type { InvitationListItem, MemberListItem, OrganizationListItem } from '../organizations';
import { organizationRoles } from '../organizations';
import { replyOf } from './common';

/** Replies of the organisation calls (routes/api/organizations.ts, invitations.ts). */
const role = z.enum(organizationRoles);

const pendingKeyRecoveryFields = z.object({ keyFingerprint: z.string(), requestedBy: z.string().nullable(), requestedAt: z.string(), effectiveAt: z.string(), approved: z.boolean() });
export const pendingKeyRecoveryReply = replyOf<PendingKeyRecovery>()(pendingKeyRecoveryFields);
export const keyChangeChallengeReply = replyOf<KeyChangeChallenge>()(z.object({ challengeId: z.string(), organizationId: z.number(), nonce: z.string(), expiresAt: z.string() }));

export const organizationReply = replyOf<OrganizationListItem>()(
  z
    .object({
      id: z.number(),
      name: z.string(),
      description: z.string().nullable(),
      createdAt: z.string(),
      role,
      isBlocked: z.boolean(),
      memberCount: z.number(),
      memberSince: z.string(),
      sealingPublicKey: z.string(),
      signingPublicKey: z.string(),
      keyFingerprint: z.string(),
      keyConfirmed: z.boolean(),
      keyRecovery: pendingKeyRecoveryFields.nullable(),
      lockAfterMinutes: z.number(),
      retentionYears: z.number(),
    })
    .meta({ id: 'Organization' }),
);

export const memberReply = replyOf<MemberListItem>()(
  z.object({
    id: z.number(),
    role,
    memberSince: z.string(),
    user: z.object({ id: z.number(), username: z.string(), fullName: z.string().nullable() }),
  }),
);

export const invitationReply = replyOf<InvitationListItem>()(
  z.object({
    id: z.number(),
    role,
    createdAt: z.string(),
    expiresAt: z.string(),
    organization: z.object({ id: z.number(), name: z.string() }),
    inviter: z.object({ username: z.string().nullable() }),
  }),
);

/**
 * The answer to an invitation is the same whether the name exists, is invited already or not:
 * no id, nothing to tell them apart, so no one learns which usernames exist. The invitee finds
 * it in their own list.
 */
export const invitationCreatedReply = replyOf<{ ok: true }>()(z.object({ ok: z.literal(true) }));
/** An organisation's open invitation (GET /api/organizations/{id}/invitations, owner and admins). */
export const openInvitationReply = replyOf<OpenInvitationItem>()(
  z.object({
    id: z.number(),
    invitee: z.string(),
    kind: z.enum(['username', 'email']),
    role,
    invitedBy: z.string().nullable(),
    createdAt: z.string(),
    lastSentAt: z.string(),
    expiresAt: z.string(),
    expired: z.boolean(),
  }),
);
export const invitationMessageReply = replyOf<{ ok: true; message: string }>()(z.object({ ok: z.literal(true), message: z.string() }));
export const invitationAnsweredReply = replyOf<{ status: 'accepted' | 'declined' }>()(z.object({ status: z.enum(['accepted', 'declined']) }));

export const accessLogReply = replyOf<AccessLogItem>()(
  z.object({
    id: z.number(),
    actionType: z.enum(accessLogActions),
    patientProtocolId: z.string().nullable(),
    serviceId: z.string().nullable(),
    timestamp: z.string(),
    ipAddress: z.string().nullable(),
    details: z.string().nullable(),
    user: z.object({ username: z.string().nullable(), fullName: z.string().nullable() }),
  }),
);

/** The record of processing activities (Art. 30 GDPR) as Markdown (docs/decisions.md "Retention and deletion"). */
export const processingRecordReply = replyOf<ProcessingRecord>()(z.object({ fileName: z.string(), markdown: z.string() }));

export const retentionDeletionReply = replyOf<RetentionDeletionItem>()(
  z.object({
    id: z.number(),
    serviceId: z.string(),
    serviceName: z.string().nullable(),
    deletedAt: z.string(),
    closedFrom: z.string(),
    closedUntil: z.string(),
    protocolCount: z.number(),
    minorTreatmentCount: z.number(),
    retentionYears: z.number(),
  }),
);
