import type { Selectable } from 'kysely';
import type { CreatedAt, IsoTimestamp } from '../columns';

/** Manual entries of a service's diary (domain/diary). */
export interface ServiceDiaryEntriesTable {
  id: string;
  serviceId: string;
  organizationId: number;
  text: string;
  /** Device time of the entry: it may be written offline long before it arrives. */
  occurredAt: IsoTimestamp;
  authorId: number | null;
  createdAt: CreatedAt;
  version: number;
}

export interface DiaryTables {
  serviceDiaryEntries: ServiceDiaryEntriesTable;
}

export type ServiceDiaryEntryRow = Selectable<ServiceDiaryEntriesTable>;
