import type { EnteredInErrorColumns } from './recordHistory';
import type { Selectable } from 'kysely';
import type { ServiceStoredStatus } from '@sanidok/schema';
import type { Bool, CreatedAt, DefaultedJsonText, EncryptedText, IsoTimestamp } from '../columns';

export interface ServicesTable {
  id: string;
  organizationId: number;
  name: string;
  description: string | null;
  location: string;
  startDate: string;
  endDate: string;
  status: ServiceStoredStatus;
  isBlocked: Bool;
  accessCode: string | null;
  createdById: number | null;
  createdAt: CreatedAt;
  updatedAt: IsoTimestamp;
  version: number;
  /** JSON object: field name → version of its last write (domain/fieldUpdate.ts). */
  fieldVersions: DefaultedJsonText;
  needsReview: Bool;
}

export interface MinorTreatmentsTable extends EnteredInErrorColumns {
  id: string;
  serviceId: string;
  organizationId: number;
  patientNameEnc: EncryptedText;
  description: string;
  treatedById: number | null;
  createdAt: IsoTimestamp;
  /** Server time of arrival; createdAt is the medic's time on the device. */
  receivedAt: IsoTimestamp;
  version: number;
}

/** Services and the minor treatments documented on them. */
export interface ServiceTables {
  services: ServicesTable;
  minorTreatments: MinorTreatmentsTable;
}

export type ServiceRow = Selectable<ServicesTable>;
