import { z } from 'zod';

/**
 * How long an organisation keeps a sealed record (docs/deletion.md). § 630f Abs. 3 BGB: the
 * treatment documentation is kept ten years after the treatment ends; the owner may keep it
 * longer (e.g. a state rescue law or an own rule), never shorter. The server deletes what expired
 * (apps/sync-server/src/domain/retention/records.ts).
 */
export const legalMinimumRetentionYears = 10;
/** An upper bound only against typing errors: 30 years covers every German retention rule (§ 199 Abs. 2 BGB). */
export const maxRetentionYears = 30;

export const retentionMessages = {
  belowMinimum: `Die Aufbewahrungsfrist darf ${legalMinimumRetentionYears} Jahre nicht unterschreiten (§ 630f Abs. 3 BGB).`,
  range: `Bitte geben Sie eine ganze Zahl von ${legalMinimumRetentionYears} bis ${maxRetentionYears} Jahren an.`,
} as const;

export const organizationRetentionSchema = z.object({
  retentionYears: z
    .number({ error: retentionMessages.range })
    .int(retentionMessages.range)
    .min(legalMinimumRetentionYears, retentionMessages.belowMinimum)
    .max(maxRetentionYears, retentionMessages.range),
});
export type OrganizationRetentionInput = z.input<typeof organizationRetentionSchema>;

/**
 * Limits of what the admin area records (docs/deletion.md): alerts hold user names, services and
 * full addresses, so they go after 90 days like the access logs; the audit log keeps who did
 * what for two years, its addresses shortened after 7 days.
 */
export const adminAlertRetentionDays = 90;
export const adminAuditRetentionDays = 730;
export const adminAuditFullIpDays = 7;

/** One deletion by the retention job: no patient data, only what and when (docs/deletion.md). */
export interface RetentionDeletionItem {
  id: number;
  serviceId: string;
  /** The service's name while its row exists (it holds no patient data); null after it was deleted. */
  serviceName: string | null;
  deletedAt: string;
  /** The earliest and latest close (discharge or archiving) among the deleted records. */
  closedFrom: string;
  closedUntil: string;
  protocolCount: number;
  minorTreatmentCount: number;
  retentionYears: number;
}

/** The generated record of processing activities of one organisation (Markdown). */
export interface ProcessingRecord {
  fileName: string;
  markdown: string;
}
