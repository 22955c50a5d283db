import type { DiaryEntry } from './board';
import { pendingCountSchema } from './board';
import type { ManvIncident, ManvPatient, ManvTriage } from './manv';
import type { Material } from './materials';
import type { MaterialUsage, MinorTreatment } from './minorTreatments';
import type { OrganizationListItem } from './organizations';
import type { PatientProtocol, ProtocolPatientData } from './protocols';
import type { SyncedRecordRevision } from './recordHistory';
import type { Service } from './services';
import type { ServiceTeamMember } from './serviceTeams';
import type { TreatmentEntry } from './treatmentEntries';
import type { MinorTreatmentTemplate } from './treatmentTemplates';
import type { VitalRecord } from './vitals';
import { z } from './zodConfig';

/**
 * The sync protocol's messages (docs/sync-protocol.md). Bump SYNC_SCHEMA_VERSION whenever a
 * mutation's arguments or a change's data change shape; devices on another version are refused
 * with a clear message and reload.
 */
export const SYNC_SCHEMA_VERSION = 2;
export const PUSH_BATCH_MAX = 200;
export const PULL_PAGE_MAX = 1000;

export const syncMessages = {
  schemaMismatch: 'Diese App-Version passt nicht zum Server. Bitte laden Sie die Seite neu, um die aktuelle Version zu verwenden.',
  foreignDevice: 'Diese Geräte-Kennung gehört zu einem anderen Benutzer.',
  unknownMutation: 'Unbekannte Änderung. Bitte aktualisieren Sie die App.',
  badCursor: 'Ungültiger Synchronisationsstand. Bitte laden Sie die Seite neu.',
} as const;

export const mutationEnvelopeSchema = z.object({
  mutationId: z.uuid(),
  seq: z.number().int().positive(),
  name: z.string().min(1).max(100),
  args: z.unknown(),
  /** Device time of the local write; informational (access logs keep it as the real time). */
  createdAt: z.iso.datetime({ offset: true }),
});
export type MutationEnvelope = z.infer<typeof mutationEnvelopeSchema>;

export const pushRequestSchema = z.object({
  deviceId: z.uuid(),
  schemaVersion: z.number().int(),
  mutations: z.array(mutationEnvelopeSchema).max(PUSH_BATCH_MAX, `Höchstens ${PUSH_BATCH_MAX} Änderungen je Sendung.`),
  /** Outbox rows the device holds as it sends (the board's team panel); optional for older apps. */
  pendingCount: pendingCountSchema.optional(),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export type MutationStatus = 'applied' | 'duplicate' | 'rejected';

export interface MutationResult {
  mutationId: string;
  seq: number;
  status: MutationStatus;
  /** German reason of a rejection, shown to the user. */
  message?: string;
  code?: string;
}

export interface PushResponse {
  /** Highest seq of this device the server has settled (applied or rejected). */
  lastSeq: number;
  results: MutationResult[];
  /**
   * The device was reported lost: once its outbox is empty it deletes its local data
   * (apps/sync-server/src/domain/sessions/deviceWipe.ts).
   */
  wipe?: true;
}

export const pullQuerySchema = z.object({
  cursor: z.string().max(20_000).optional(),
  limit: z.coerce.number().int().min(1).max(PULL_PAGE_MAX).optional(),
  schemaVersion: z.coerce.number().int().optional(),
  /** The pulling device and its outbox count (the board's team panel); both or neither. */
  deviceId: z.uuid().optional(),
  pending: pendingCountSchema.optional(),
});

export interface SyncEntityData {
  service: Service;
  material: Material & { deletedAt: string | null };
  minorTreatment: MinorTreatment;
  materialUsage: MaterialUsage;
  /** Clinical part of a protocol, with its server-assigned number and status. */
  protocol: PatientProtocol;
  /**
   * Patient data of an active protocol; a delete change at discharge makes devices drop it. Null
   * when the change carries it `sealed` to the device (docs/security.md "Patient data needs the
   * unlocked device").
   */
  patientData: Omit<ProtocolPatientData, 'patientData'> & { patientData: ProtocolPatientData['patientData'] | null };
  vitalRecord: VitalRecord;
  treatmentEntry: TreatmentEntry;
  /** One member of a service's team (id `${serviceId}:${userId}`); a removal is a delete change. */
  serviceTeamMember: ServiceTeamMember;
  /** A treatment template of the organisation; a deletion is a delete change. */
  treatmentTemplate: MinorTreatmentTemplate;
  /** A manual entry of a service's diary (the command-post board). */
  diaryEntry: DiaryEntry;
  /** A MANV incident of a service; every member of the organisation pulls it. */
  manvIncident: ManvIncident;
  /** A triage tag with its person data and transport: only the service's team pulls it. */
  manvPatient: ManvPatient;
  /** One append-only triage event: only the service's team pulls it. */
  manvTriage: ManvTriage;
  /**
   * One revision of an open protocol's history (§ 630f BGB): only the service's team pulls it, its
   * values sealed to the device. Discharge seals the history on the server; the protocol's
   * patientData delete makes devices drop it.
   */
  recordRevision: SyncedRecordRevision;
}
export type SyncEntity = keyof SyncEntityData;
export const syncEntities = [
  'service', 'material', 'minorTreatment', 'materialUsage', 'protocol', 'patientData', 'vitalRecord', 'treatmentEntry', 'serviceTeamMember', 'treatmentTemplate', 'diaryEntry',
  'manvIncident', 'manvPatient', 'manvTriage', 'recordRevision',
] as const satisfies readonly SyncEntity[];

export type SyncChange = {
  [E in SyncEntity]:
    | {
      entity: E; op: 'upsert'; id: string; organizationId: number; version: number; data: SyncEntityData[E];
      /**
       * The change's patient-identifying fields (packages/schema deviceSealedFields), sealed to the
       * pulling device's registered key; in `data` they are null. Absent on every other change.
       */
      sealed?: string;
    }
    | { entity: E; op: 'delete'; id: string; organizationId: number; version: number };
}[SyncEntity];

export interface PullResponse {
  /** Opaque; send it back unchanged. */
  cursor: string;
  hasMore: boolean;
  /** Every organisation the user belongs to now. Anything else on the device is purged. */
  organizations: OrganizationListItem[];
  /**
   * Services whose patient-identifying data (patient data, minor-treatment names) this user's
   * device may hold now: the user is on the team and the service lies in its patient-data window
   * (docs/security.md, "Patient data follows the team"). The device purges that data of every
   * other service once its outbox holds nothing for it (push first, then purge).
   */
  patientDataServices: string[];
  changes: SyncChange[];
}
