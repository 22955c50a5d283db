import type { SyncMutationArgs, SyncMutationName } from '@sanidok/schema';
import type { Table } from 'dexie';
import type {
  LocalDiaryEntry, LocalManvIncident, LocalManvPatient, LocalManvTriage, LocalMaterial, LocalMaterialUsage, LocalMinorTreatment, LocalOrganization, LocalPatientData, LocalRecordRevision, LocalProtocol, LocalService, LocalTreatmentEntry, LocalTreatmentTemplate,
  LocalVitalRecord,
} from './db';

/**
 * Types of the device half of the mutation registry, apart from the definitions so that the
 * mutation modules (serviceMutations.ts, captureMutations.ts, protocolMutations.ts) and the
 * registry (mutations.ts) import them without importing each other.
 */

/** Names and args come from the shared contract (packages/schema/src/syncMutations.ts). */
export type MutationName = SyncMutationName;
export type MutationArgs = SyncMutationArgs;

/** A chosen material with the id of the usage row made for it on the device. */
export type UsedMaterialArgs = MutationArgs['minorTreatment.create']['materials'][number];

/** The tables a mutation may touch. Called inside the caller's Dexie transaction. */
export interface DataTables {
  services: Table<LocalService, string>;
  organizations: Table<LocalOrganization, number>;
  materials: Table<LocalMaterial, number>;
  minorTreatments: Table<LocalMinorTreatment, string>;
  materialUsage: Table<LocalMaterialUsage, string>;
  protocols: Table<LocalProtocol, string>;
  patientData: Table<LocalPatientData, string>;
  vitalRecords: Table<LocalVitalRecord, string>;
  treatmentEntries: Table<LocalTreatmentEntry, string>;
  treatmentTemplates: Table<LocalTreatmentTemplate, string>;
  diaryEntries: Table<LocalDiaryEntry, string>;
  manvIncidents: Table<LocalManvIncident, string>;
  manvPatients: Table<LocalManvPatient, string>;
  manvTriages: Table<LocalManvTriage, string>;
  recordRevisions: Table<LocalRecordRevision, string>;
}

export interface ApplyContext {
  /** Device time of the original write, so a re-apply stamps the same time. */
  at: string;
  userId: number;
  userName: string;
}

export interface MutationDefinition<A> {
  entityId(args: A): string;
  apply(tx: DataTables, args: A, ctx: ApplyContext): Promise<void>;
  /**
   * Undoes the local effect of a rejected mutation. Only creates have one: the server never had the
   * row, so deleting it is the whole truth. Other rejections make the engine pull everything again,
   * which restores the server's row (a full re-pull is rare and cheap next to guessing a revert).
   */
  revert?(tx: DataTables, args: A): Promise<void>;
}

/** The definitions of some names of the contract, each typed with its own args. */
export type MutationDefinitions<N extends MutationName> = { [K in N]: MutationDefinition<MutationArgs[K]> };
