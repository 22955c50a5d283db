import { z } from 'zod';
import type { ArchiveChallenge, ArchiveKeyFailureBody, ArchiveProtocolsResponse, ArchiveServiceItem } from '../archive';
import { sealedEnvelopeAlgorithm, sealedEnvelopeVersion } from '../sealedEnvelope';
import { serviceStatuses } from '../services';
import { apiErrorReply, replyOf } from './common';
import { protocolWithSummaryReply, treatmentEntryReply, vitalRecordReply } from './protocols';

/** Replies of the patient archive (routes/api/archive.ts): sealed envelopes only, opened in the browser. */
export const archiveServiceReply = replyOf<ArchiveServiceItem>()(
  z.object({
    id: z.string(),
    name: z.string(),
    location: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    status: z.enum(serviceStatuses),
    sealedProtocolCount: z.number(),
    lastDischargedAt: z.string().nullable(),
  }),
);

export const archiveChallengeReply = replyOf<ArchiveChallenge>()(
  z.object({ challengeId: z.string(), organizationId: z.number(), serviceId: z.string(), nonce: z.string(), expiresAt: z.string() }),
);

const sealedEnvelopeReply = z.object({ v: z.literal(sealedEnvelopeVersion), alg: z.literal(sealedEnvelopeAlgorithm), kid: z.string(), enc: z.string(), ct: z.string() });

export const archiveProtocolsReply = replyOf<ArchiveProtocolsResponse>()(z.object({
  organization: z.object({ id: z.number(), name: z.string() }),
  service: archiveServiceReply,
  keyFingerprint: z.string(),
  protocols: z.array(
    z.object({
      protocol: protocolWithSummaryReply,
      treatmentEntries: z.array(treatmentEntryReply),
      vitals: z.array(vitalRecordReply),
      sealed: z.object({ envelope: sealedEnvelopeReply, keyFingerprint: z.string(), sealedAt: z.string(), sealedBy: z.enum(['server', 'device']) }),
      sealedHistory: sealedEnvelopeReply.nullable().optional(),
    }),
  ),
  sealedToOtherKeys: z.number(),
}));

/** A wrong proof: 403 with the failure count (docs/spec/accounts.md §8). */
export const archiveKeyFailureReply = replyOf<ArchiveKeyFailureBody>()(
  apiErrorReply.extend({ failureCount: z.number(), maxAttempts: z.number(), remainingAttempts: z.number(), adminNotified: z.boolean() }),
);
