import type { MaterialUsageSource } from '@sanidok/schema';
import type { AutoId, CreatedAt, DefaultedInt, IsoTimestamp } from '../columns';

export interface MaterialsTable {
  id: AutoId;
  organizationId: number;
  name: string;
  /** Normalised name: one catalogue entry per name regardless of case. */
  nameKey: string;
  unit: string;
  /** Price of one unit in euro cents, for the statistics' material cost; null: not known (migration _020). */
  unitPriceCents: number | null;
  createdAt: CreatedAt;
  deletedAt: IsoTimestamp | null;
  version: DefaultedInt;
}

export interface MaterialUsageTable {
  id: string;
  materialId: number;
  quantity: number;
  serviceId: string;
  organizationId: number;
  source: MaterialUsageSource;
  sourceId: string | null;
  usedAt: IsoTimestamp;
  refilledAt: IsoTimestamp | null;
  recordedById: number | null;
  version: number;
}

export interface MaterialTables {
  materials: MaterialsTable;
  materialUsage: MaterialUsageTable;
}
