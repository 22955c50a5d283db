import type { ColumnType } from 'kysely';
import type { AutoId, IsoTimestamp, JsonText } from '../columns';

export interface AccessLogsTable {
  id: AutoId;
  userId: number | null;
  patientProtocolId: string | null;
  organizationId: number;
  serviceId: string | null;
  actionType: string;
  timestamp: IsoTimestamp;
  ipAddress: string | null;
  userAgent: string | null;
  details: JsonText | null;
  userEmail: string | null;
  /** The device's id of the event: a resent event is stored once. */
  eventId: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AccessLogTables {
  accessLogs: AccessLogsTable;
}
