// The reference model of the model-based sync test (syncProperty.test.ts): what the server must do
// with each mutation it receives, written down independently of the server's code, from
// docs/sync-protocol.md and the service rules (apps/sync-server/src/domain/services). Pure: no I/O.
import { isDeepStrictEqual } from 'node:util';
import type { MutationEnvelope, MutationResult, PushRequest, PushResponse } from '@sanidok/schema';
import { serviceMessages } from '@sanidok/schema';
import { serviceAccessMessages } from '../../../sync-server/src/domain/services/access';
import { serviceCommandMessages } from '../../../sync-server/src/domain/services/commands';
import { policyMessages } from '../../../sync-server/src/domain/organizations/policy';

export type Role = 'owner' | 'admin' | 'member';
/** Stands for the code the server drew at creation (format `XXXX-XXXX`). */
export const generatedAccessCode = 'vom Server erzeugt';

export type EditableField = 'name' | 'description' | 'location' | 'startDate' | 'endDate' | 'accessCode';
const editableFields: readonly EditableField[] = ['name', 'description', 'location', 'startDate', 'endDate', 'accessCode'];

export interface ModelService {
  id: string;
  organizationId: number;
  name: string;
  description: string | null;
  location: string;
  startDate: string;
  endDate: string;
  accessCode: string | null;
  status: 'active' | 'archived' | 'completed';
  createdById: number;
  /** The server's change-log version: the model counts it itself from the run's start value. */
  version: number;
  /** Version of each field's last write (the server's `field_versions`). */
  fieldVersions: Partial<Record<EditableField, number>>;
  needsReview: boolean;
}

/** A concurrent edit the server must keep (field_revisions). */
export interface ModelRevision {
  serviceId: string;
  field: EditableField;
  replacedValue: string | null;
  replacedVersion: number;
  newValue: string | null;
  newVersion: number;
  baseVersion: number;
  userId: number;
}

export interface QueuedWrite {
  mutationId: string;
  name: string;
  args: unknown;
}

export interface ExpectedRejection {
  mutationId: string;
  name: string;
  code: string;
  message: string;
}

export interface ModelDevice {
  key: string;
  userId: number;
  role: Role;
  /** Learned from the first push; must never change (no rotation in these scenarios). */
  deviceId: string | undefined;
  /** The server's `devices.last_seq` for this device, as the model computes it. */
  lastSeq: number;
  /** Every local write in order: writes[seq - 1]. */
  writes: QueuedWrite[];
  /** seq → the rejection the server must have quarantined. */
  rejections: Map<number, ExpectedRejection>;
  /** How many mutations of this device the server applied (each exactly once). */
  applied: number;
}

type Outcome = { status: 'applied' } | { status: 'rejected'; code: string; message: string };
const applied: Outcome = { status: 'applied' };
const reject = (code: string, message: string): Outcome => ({ status: 'rejected', code, message });

interface ServiceArgs {
  id: string;
  baseVersion?: number;
  name?: string;
  description?: string | null;
  location?: string;
  startDate?: string;
  endDate?: string;
  accessCode?: string | null;
  organizationId?: number;
}

/**
 * The server as it should be: services by id, the global version counter, revisions, and per
 * device the settled seq and expected rejections. Mutations are applied in the order the server
 * received them (the test serialises requests, so arrival order is commit order); within a device
 * that order must be the device's seq order, which the model checks as well.
 */
export class SyncModel {
  readonly services = new Map<string, ModelService>();
  readonly deleted = new Set<string>();
  readonly revisions: ModelRevision[] = [];
  readonly devices: ModelDevice[] = [];
  /** Disagreements between server replies and the model, in order; the first one fails the run. */
  readonly mismatches: string[] = [];
  /** What the run exercised (printed as a summary by the property test). */
  readonly counts: Record<string, number> = {};

  constructor(
    public version: number,
    readonly organizationId: number,
    /** Server time for the "ended" rule; services in the test are hours away from it. */
    private readonly now: () => number = Date.now,
  ) {}

  addDevice(key: string, userId: number, role: Role): ModelDevice {
    const device: ModelDevice = { key, userId, role, deviceId: undefined, lastSeq: 0, writes: [], rejections: new Map(), applied: 0 };
    this.devices.push(device);
    return device;
  }

  /** A local write committed on the device; its seq must be the next one (gapless). */
  recordWrite(device: ModelDevice, row: { seq: number; mutationId: string; name: string; args: unknown }): void {
    if (row.seq !== device.writes.length + 1) this.mismatch(`${device.key}: lokaler Write mit seq ${row.seq}, erwartet ${device.writes.length + 1}`);
    device.writes.push({ mutationId: row.mutationId, name: row.name, args: structuredClone(row.args) });
  }

  /**
   * A push request the server processed, with the server's answer. Computes what the server must
   * have answered and how its state changed, and records any disagreement.
   */
  observePush(device: ModelDevice, request: PushRequest, statusCode: number, body: unknown): void {
    if (device.deviceId === undefined) device.deviceId = request.deviceId;
    else if (device.deviceId !== request.deviceId) this.mismatch(`${device.key}: deviceId gewechselt (${device.deviceId} → ${request.deviceId})`);
    if (statusCode !== 200) {
      this.mismatch(`${device.key}: push mit HTTP ${statusCode} beantwortet: ${JSON.stringify(body)}`);
      return;
    }
    const results: MutationResult[] = [];
    let lastSeq = device.lastSeq;
    for (const mutation of [...request.mutations].sort((a, b) => a.seq - b.seq)) {
      this.checkSentAsWritten(device, mutation);
      const base = { mutationId: mutation.mutationId, seq: mutation.seq };
      if (mutation.seq <= lastSeq) {
        const rejection = device.rejections.get(mutation.seq);
        results.push(rejection ? { ...base, status: 'rejected', code: rejection.code, message: rejection.message } : { ...base, status: 'duplicate' });
        this.count(rejection ? 'replayed rejection' : 'duplicate');
        continue;
      }
      if (mutation.seq !== lastSeq + 1) break;
      const outcome = this.apply(device, mutation.name, mutation.args as ServiceArgs);
      if (outcome.status === 'rejected') {
        device.rejections.set(mutation.seq, { mutationId: mutation.mutationId, name: mutation.name, code: outcome.code, message: outcome.message });
        this.count(`rejected ${mutation.name} ${outcome.code}`);
        results.push({ ...base, ...outcome });
      } else {
        device.applied += 1;
        this.count(`applied ${mutation.name}`);
        results.push({ ...base, status: 'applied' });
      }
      lastSeq = mutation.seq;
    }
    device.lastSeq = lastSeq;
    this.count(request.mutations.length > 1 ? 'push batch >1' : 'push batch 1');
    const expected: PushResponse = { lastSeq, results };
    if (!isDeepStrictEqual(normalise(body), normalise(expected))) {
      this.mismatch(`${device.key}: Antwort weicht ab\n  erwartet ${JSON.stringify(expected)}\n  erhalten ${JSON.stringify(body)}`);
    }
  }

  private checkSentAsWritten(device: ModelDevice, mutation: MutationEnvelope): void {
    const written = device.writes[mutation.seq - 1];
    if (!written || written.mutationId !== mutation.mutationId || written.name !== mutation.name || !isDeepStrictEqual(JSON.parse(JSON.stringify(written.args)), JSON.parse(JSON.stringify(mutation.args)))) {
      this.mismatch(`${device.key}: seq ${mutation.seq} gesendet als ${mutation.name} ${mutation.mutationId}, geschrieben war ${JSON.stringify(written)}`);
    }
  }

  count(what: string): void {
    this.counts[what] = (this.counts[what] ?? 0) + 1;
  }

  private mismatch(message: string): void {
    this.mismatches.push(message);
  }

  private nextVersion(): number {
    this.version += 1;
    return this.version;
  }

  /** One mutation, as apps/sync-server/src/domain/services/commands.ts must run it. */
  private apply(device: ModelDevice, name: string, args: ServiceArgs): Outcome {
    const manages = device.role !== 'member';
    const forbidden = reject('FORBIDDEN', policyMessages.manageServices);
    const notFound = reject('NOT_FOUND', serviceAccessMessages.notFound);
    if (name === 'service.create') {
      // The test only ever creates services in its one organisation.
      if (args.organizationId !== this.organizationId) this.mismatch(`${device.key}: Dienst in fremder Organisation ${String(args.organizationId)} angelegt`);
      if (!manages) return forbidden;
      if (this.services.has(args.id)) return reject('CONFLICT', serviceCommandMessages.exists);
      this.services.set(args.id, {
        id: args.id,
        organizationId: this.organizationId,
        name: args.name ?? '',
        description: args.description ?? null,
        location: args.location ?? '',
        startDate: args.startDate ?? '',
        endDate: args.endDate ?? '',
        // The server draws a code for every new service (domain/services/team.ts); the harness
        // compares its shape, not its value (syncHarness.ts `verify`).
        accessCode: generatedAccessCode,
        status: 'active',
        createdById: device.userId,
        version: this.nextVersion(),
        fieldVersions: {},
        needsReview: false,
      });
      this.nextVersion(); // the creator's team row
      this.deleted.delete(args.id);
      return applied;
    }
    const service = this.services.get(args.id);
    if (!service) return notFound;
    if (!manages) return forbidden;
    switch (name) {
      case 'service.update': {
        const start = args.startDate ?? service.startDate;
        const end = args.endDate ?? service.endDate;
        if (Date.parse(end) < Date.parse(start)) return reject('VALIDATION', serviceMessages.endAfterStartEdit);
        // Strict comparison, as the server does: an unchanged value is not a write.
        const changed = editableFields.filter((f) => args[f] !== undefined && args[f] !== service[f]);
        if (changed.length === 0) {
          this.count('update without change on server');
          return applied;
        }
        const version = this.nextVersion();
        const base = args.baseVersion ?? service.version;
        for (const field of changed) {
          const lastWrite = service.fieldVersions[field] ?? 0;
          const value = args[field] ?? null;
          if (lastWrite > base) {
            this.count('field revision');
            service.needsReview = true;
            this.revisions.push({
              serviceId: service.id, field, replacedValue: service[field], replacedVersion: lastWrite, newValue: value, newVersion: version,
              baseVersion: base, userId: device.userId,
            });
          }
          Object.assign(service, { [field]: value });
          service.fieldVersions[field] = version;
        }
        service.version = version;
        // A changed end re-sends the service to its team's devices (serviceTeams/membership.ts).
        if (changed.includes('endDate')) service.version = this.nextVersion();
        return applied;
      }
      case 'service.archive':
      case 'service.complete': {
        if (service.status === 'archived') return reject('CONFLICT', serviceCommandMessages.alreadyArchived);
        if (name === 'service.archive') {
          // canArchive: only a stored 'active' service whose end has passed is "ended".
          const ended = service.status === 'active' && this.now() > Date.parse(service.endDate);
          if (!ended) return reject('CONFLICT', serviceCommandMessages.archiveOnlyEnded);
        }
        service.status = name === 'service.archive' ? 'archived' : 'completed';
        service.version = this.nextVersion();
        return applied;
      }
      case 'service.delete':
        this.services.delete(service.id);
        this.deleted.add(service.id);
        this.nextVersion(); // the creator's team row leaves with a tombstone
        this.nextVersion(); // the tombstone
        return applied;
      default:
        return reject('UNKNOWN_MUTATION', `unbekannte Mutation ${name}`);
    }
  }
}

/** Optional keys the server leaves out compare equal to absent ones. The server's body is unchecked here. */
function normalise(response: unknown): unknown {
  if (typeof response !== 'object' || response === null) return response;
  const { lastSeq, results } = response as Partial<PushResponse>;
  return {
    lastSeq,
    results: (results ?? []).map((r) => ({ mutationId: r.mutationId, seq: r.seq, status: r.status, code: r.code ?? null, message: r.message ?? null })),
  };
}
