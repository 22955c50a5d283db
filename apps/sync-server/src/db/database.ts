import type { AccessLogTables } from './tables/accessLogs';
import type { AccountTables } from './tables/accounts';
import type { AdminTables } from './tables/admin';
import type { DiaryTables } from './tables/diary';
import type { DeviceKeyTables } from './tables/deviceKeys';
import type { ArchiveTables } from './tables/archive';
import type { MailTables } from './tables/mail';
import type { ManvTables } from './tables/manv';
import type { MaterialTables } from './tables/materials';
import type { OrganizationTables } from './tables/organizations';
import type { ProtocolTables } from './tables/protocols';
import type { RateLimitTables } from './tables/rateLimits';
import type { RecordHistoryTables } from './tables/recordHistory';
import type { RetentionTables } from './tables/retention';
import type { ServiceTables } from './tables/services';
import type { ServiceTeamTables } from './tables/serviceTeams';
import type { SyncTables } from './tables/sync';
import type { TreatmentTemplateTables } from './tables/treatmentTemplates';

/**
 * Every table of the server database, composed from one file per area (./tables/<area>.ts;
 * camelCase here, snake_case in SQLite through Kysely's CamelCasePlugin). Enumerated columns reuse
 * the unions of @sanidok/schema; how values are stored (0/1 booleans, ISO text timestamps, JSON
 * and encrypted text) is named in ./columns.ts.
 */
export interface Database
  extends AccountTables,
    AdminTables,
    OrganizationTables,
    MaterialTables,
    AccessLogTables,
    SyncTables,
    ServiceTables,
    ServiceTeamTables,
    ProtocolTables,
    MailTables,
    ArchiveTables,
    RateLimitTables,
    TreatmentTemplateTables,
    DiaryTables,
    ManvTables,
    DeviceKeyTables,
    RecordHistoryTables,
    RetentionTables {}

export type * from './tables/accessLogs';
export type * from './tables/accounts';
export type * from './tables/admin';
export type * from './tables/archive';
export type * from './tables/recordHistory';
export type * from './tables/deviceKeys';
export type * from './tables/diary';
export type * from './tables/mail';
export type * from './tables/manv';
export type * from './tables/materials';
export type * from './tables/organizations';
export type * from './tables/protocols';
export type * from './tables/rateLimits';
export type * from './tables/services';
export type * from './tables/serviceTeams';
export type * from './tables/sync';
export type * from './tables/treatmentTemplates';
