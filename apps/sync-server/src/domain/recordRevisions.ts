import { decryptAtRest, encryptAtRest } from '@sanidok/crypto';
import type { RecordRevisionEntity } from '@sanidok/schema';
import type { Db } from '../db/connection';
import type { CommandContext } from './context';
import { deviceTime, nowIso } from './time';
import { nextVersion } from './versions';

/**
 * The revision writer (docs/decisions.md "Every change kept (§ 630f BGB)"): every command that
 * changes a protocol field, its patient data, its discharge or marks an entry "irrtümlich" appends
 * here, in the transaction of the change, before the new value is written. Values are clinical or
 * patient data: always encrypted with the server data key, bound to entity, id and field, until the
 * discharge seals the history (recordHistory/sealing.ts).
 */

/** Who changed what from where, once per command. */
export interface RevisionAuthor {
  organizationId: number;
  protocolId: string | null;
  userId: number;
  deviceId: string | null;
  /** Device time of the change. */
  changedAt: string;
  dataKey: string;
}

export interface FieldChange {
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

export const revisionValueContext = (entity: string, entityId: string, field: string) => `record_revisions:${entity}:${entityId}:${field}`;

/** The author of a command: the acting user, the pushing device (none for REST), the device's time. */
export function revisionAuthor(ctx: CommandContext, scope: { organizationId: number; protocolId: string | null }, reportedAt: string | undefined): RevisionAuthor {
  return { ...scope, userId: ctx.user.id, deviceId: ctx.deviceId ?? null, changedAt: deviceTime(reportedAt), dataKey: ctx.dataKey };
}

/**
 * Appends one revision per change; `sequence` is the version the command wrote with (the order).
 * Each row takes a version of its own as well: the pull carries it to the team's devices
 * (domain/sync/recordRevisionSource.ts), and a source reads at most a page's limit of rows per
 * window, so the revisions of one write must not share one version.
 */
export async function appendRevisions(
  trx: Db,
  author: RevisionAuthor,
  entity: RecordRevisionEntity,
  entityId: string,
  sequence: number,
  changes: readonly FieldChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const seal = (field: string, value: string | null) => (value === null ? null : encryptAtRest(author.dataKey, value, revisionValueContext(entity, entityId, field)));
  const createdAt = nowIso();
  const versions: number[] = [];
  for (let i = 0; i < changes.length; i += 1) versions.push(await nextVersion(trx));
  const rows = await Promise.all(
    changes.map(async (change, index) => ({
      organizationId: author.organizationId, protocolId: author.protocolId, entity, entityId, field: change.field,
      oldValue: await seal(change.field, change.oldValue), newValue: await seal(change.field, change.newValue),
      userId: author.userId, deviceId: author.deviceId, changedAt: author.changedAt, sequence, version: versions[index] ?? sequence, createdAt,
    })),
  );
  await trx.insertInto('recordRevisions').values(rows).execute();
}

/** A stored value opened again (the history reader and the sealing at discharge). */
export function openRevisionValue(dataKey: string, row: { entity: string; entityId: string; field: string }, value: string | null): Promise<string | null> {
  return value === null ? Promise.resolve(null) : decryptAtRest(dataKey, value, revisionValueContext(row.entity, row.entityId, row.field));
}
