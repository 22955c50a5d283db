import type { AutoId, IsoTimestamp } from '../columns';

/** What the retention job deleted (domain/retention/records.ts): no patient data, only service, dates and counts. */
export interface RetentionDeletionsTable {
  id: AutoId;
  organizationId: number;
  serviceId: string;
  deletedAt: IsoTimestamp;
  closedFrom: IsoTimestamp;
  closedUntil: IsoTimestamp;
  protocolCount: number;
  minorTreatmentCount: number;
  retentionYears: number;
}

export interface RetentionTables {
  retentionDeletions: RetentionDeletionsTable;
}
