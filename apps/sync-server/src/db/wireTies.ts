import type { Selectable } from 'kysely';
import type {
  DiaryEntry, ManvIncident, ManvPatient, ManvTriage, Material, MaterialUsage, MinorTreatment, PatientProtocol, Service, ServiceTeamMember,
  SyncedRecordRevision, TreatmentEntry, VitalRecord,
} from '@sanidok/schema';
import type { Database } from './database';

/**
 * Each synced entity is declared once (docs/architecture.md "How to add a synced entity"): its wire
 * type in @sanidok/schema (tied to its reply schema there) and its Kysely table here are checked
 * against each other at compile time, so a column added on one side only is a type error, not a
 * field silently missing from replies or never stored.
 *
 * Per table, what differs is named, never implied:
 * - `serverOnly`: columns the wire never carries (receipt times, field versions, encrypted forms
 *   that travel decrypted under another name, the uploader);
 * - `derived`: wire fields not stored in the table (joined names, values from other tables);
 * - `booleans`: 0/1 columns that travel as booleans (./columns.ts `Bool`).
 * Every other field must exist on both sides with the same type (a wire field optional for old
 * servers' replies counts by its type when present).
 */
interface Tie<Table extends keyof Database, Wire> {
  serverOnly: keyof Database[Table];
  derived: keyof Wire;
  booleans: keyof Database[Table] & keyof Wire;
  table: Table;
}

// Exact type equality (mutual assignability would let `any` and optional fields through); the
// single-use type parameters are the point of the trick.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Column<Table extends keyof Database, K> = K extends keyof Selectable<Database[Table]> ? Selectable<Database[Table]>[K] : never;
type Flat<T> = { [K in keyof T]: T[K] };
type Present<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

type Problems<Table extends keyof Database, Wire, T extends Tie<Table, Wire>> = {
  [K in Exclude<keyof Database[Table], keyof Wire | T['serverOnly']>]: 'column missing from the wire type (or name it serverOnly)';
} & {
  [K in Exclude<keyof Wire, keyof Database[Table] | T['derived']>]: 'wire field missing from the table (or name it derived)';
} & {
  [K in Exclude<keyof Wire & keyof Database[Table], T['booleans'] | T['serverOnly'] | T['derived']> as Equal<Column<Table, K>, Present<Wire>[K]> extends true ? never : K]: 'types differ';
} & {
  [K in T['booleans'] as Equal<Present<Wire>[K], boolean> extends true ? never : K]: 'not a boolean on the wire';
};

/** `true` when the table and the wire type agree, else the fields that drifted with what is wrong. */
export type Tied<Table extends keyof Database, Wire, T extends Tie<Table, Wire>> = keyof Problems<Table, Wire, T> extends never ? true : Flat<Problems<Table, Wire, T>>;
/** Fails to compile, naming the drifted fields, unless its argument is `true`. */
type Holds<T extends true> = T;

type EnteredInErrorColumns = 'enteredInErrorAt' | 'enteredInErrorReason' | 'enteredInErrorById';

// The ties: each fails to compile with the names of the fields that drifted.
export type ServiceTie = Holds<Tied<'services', Service, { table: 'services'; serverOnly: 'fieldVersions'; derived: 'organizationName' | 'createdByName'; booleans: 'isBlocked' | 'needsReview' }>>;
export type MinorTreatmentTie = Holds<Tied<'minorTreatments', MinorTreatment, {
  table: 'minorTreatments'; serverOnly: 'patientNameEnc' | 'receivedAt' | 'version' | EnteredInErrorColumns;
  derived: 'serviceName' | 'patientName' | 'date' | 'materials' | 'enteredInError'; booleans: never;
}>>;
export type MaterialTie = Holds<Tied<'materials', Material, { table: 'materials'; serverOnly: 'nameKey' | 'createdAt' | 'deletedAt' | 'version'; derived: never; booleans: never }>>;
export type MaterialUsageTie = Holds<Tied<'materialUsage', MaterialUsage, { table: 'materialUsage'; serverOnly: 'recordedById' | 'version'; derived: never; booleans: never }>>;
export type ProtocolTie = Holds<Tied<'patientProtocols', PatientProtocol, { table: 'patientProtocols'; serverOnly: 'receivedAt' | 'fieldVersions'; derived: 'serviceName'; booleans: 'needsReview' }>>;
export type TreatmentEntryTie = Holds<Tied<'treatmentEntries', TreatmentEntry, { table: 'treatmentEntries'; serverOnly: 'receivedAt' | 'version' | EnteredInErrorColumns; derived: 'enteredInError'; booleans: never }>>;
export type VitalRecordTie = Holds<Tied<'vitalSignRecords', VitalRecord, { table: 'vitalSignRecords'; serverOnly: 'receivedAt' | 'version' | EnteredInErrorColumns; derived: 'values' | 'enteredInError'; booleans: never }>>;
export type DiaryEntryTie = Holds<Tied<'serviceDiaryEntries', DiaryEntry, { table: 'serviceDiaryEntries'; serverOnly: 'version'; derived: 'authorName'; booleans: never }>>;
export type ManvIncidentTie = Holds<Tied<'manvIncidents', ManvIncident, { table: 'manvIncidents'; serverOnly: 'version' | 'createdAt'; derived: never; booleans: 'blueEnabled' }>>;
export type ManvPatientTie = Holds<Tied<'manvPatients', ManvPatient, {
  table: 'manvPatients'; serverOnly: 'personEnc' | 'transportJson' | 'receivedAt' | 'version';
  // The person and the transport are stored as one encrypted and one JSON column.
  derived: 'name' | 'sex' | 'estimatedAge' | 'diagnosis' | 'transport'; booleans: never }>>;
export type ManvTriageTie = Holds<Tied<'manvTriages', ManvTriage, { table: 'manvTriages'; serverOnly: 'receivedAt' | 'version'; derived: 'triagedByName'; booleans: never }>>;
export type ServiceTeamMemberTie = Holds<Tied<'serviceTeamMembers', ServiceTeamMember, {
  // addedBy travels as addedById.
  table: 'serviceTeamMembers'; serverOnly: 'version' | 'addedBy'; derived: 'username' | 'fullName' | 'addedById' | 'addedByName'; booleans: never;
}>>;
export type RecordRevisionTie = Holds<Tied<'recordRevisions', SyncedRecordRevision, {
  // The row id is a number in the table and its text on the wire; protocolId is null only for a
  // minor treatment's revisions, which do not travel. Both are converted in domain/sync/recordRevisionSource.ts.
  table: 'recordRevisions'; serverOnly: 'id' | 'protocolId' | 'userId' | 'version' | 'createdAt';
  derived: 'id' | 'protocolId' | 'changedBy' | 'replacedConcurrentEdit'; booleans: never;
}>>;
