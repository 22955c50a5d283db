import type { OrganizationAction, OrganizationRole } from '@sanidok/schema';
import { captureRefusalMessages, idParam, isAllowed, manvMessages, serviceRuleMessages, treatmentTemplateMessages } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import type { OrganizationRow, UserRow } from '../../db/database';
import { AppError, forbidden, notFound } from '../errors';

/**
 * The refusal of each action of the shared role table (packages/schema/src/organizationRules.ts),
 * which every organisation command asks through `assertAllowed` / `authorize`.
 */
export const policyMessages = {
  notFound: 'Organisation nicht gefunden.',
  blocked: captureRefusalMessages.organizationBlocked,
  invite: 'Nur der Inhaber oder ein Administrator darf Mitglieder einladen.',
  removeMember: 'Nur der Inhaber oder ein Administrator darf Mitglieder entfernen.',
  manageMaterials: 'Nur der Inhaber darf den Materialkatalog ändern.',
  viewAccessLogs: 'Nur der Inhaber darf die Zugriffsprotokolle sehen.',
  openArchive: 'Nur der Inhaber darf das Patientenarchiv öffnen.',
  rotateKey: 'Nur der Inhaber darf den Organisationsschlüssel erneuern.',
  cancelKeyRecovery: 'Nur der Inhaber und die Administratoren der Organisation können die Wiederherstellung abbrechen.',
  approveKeyRecovery: 'Nur ein Administrator der Organisation kann die Wiederherstellung des Schlüssels freigeben.',
  manageServices: serviceRuleMessages.notAllowed,
  manageTemplates: treatmentTemplateMessages.notAllowed,
  viewStatistics: 'Nur der Inhaber oder ein Administrator darf die Statistik sehen.',
  leadManv: manvMessages.notAllowed,
  setLockTime: 'Nur der Inhaber darf die Sperrzeit der Geräte festlegen.',
  setRetention: 'Nur der Inhaber darf die Aufbewahrungsfrist festlegen.',
  viewProcessingRecord: 'Nur der Inhaber oder ein Administrator darf das Verzeichnis der Verarbeitungstätigkeiten abrufen.',
  reportLostDevice: 'Nur der Inhaber oder ein Administrator darf die Geräte eines Mitglieds sehen und als verloren melden.',
  removeOwner: 'Der Inhaber kann nicht entfernt werden.',
  ownerCannotLeave: 'Der Inhaber kann die Organisation nicht verlassen.',
} as const;

export interface OrganizationAccess {
  organization: OrganizationRow;
  role: OrganizationRole;
  memberSince: string;
}

/**
 * The caller's membership. Outsiders get the same 404 as for an organisation that does not
 * exist: no existence leak, not even to platform admins (they manage organisations elsewhere).
 */
export async function requireMembership(db: Db, organizationId: unknown, user: UserRow): Promise<OrganizationAccess> {
  const id = idParam.safeParse(organizationId);
  if (!id.success) throw notFound(policyMessages.notFound);
  // Inside one transaction (a sync batch) membership cannot change: look it up once per batch.
  const memo = db.isTransaction ? batchMemo(db) : undefined;
  const key = `${user.id}:${id.data}`;
  const known = memo?.get(key);
  if (known) return known;
  const access = await loadMembership(db, id.data, user);
  memo?.set(key, access);
  return access;
}

const memos = new WeakMap<Db, Map<string, OrganizationAccess>>();
function batchMemo(db: Db): Map<string, OrganizationAccess> {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new Map<string, OrganizationAccess>()));
  return memo;
}

async function loadMembership(db: Db, organizationId: number, user: UserRow): Promise<OrganizationAccess> {
  const row = await db
    .selectFrom('organizationMembers as m')
    .innerJoin('organizations as o', 'o.id', 'm.organizationId')
    .selectAll('o')
    .select(['m.role as memberRole', 'm.createdAt as memberSince'])
    .where('m.organizationId', '=', organizationId)
    .where('m.userId', '=', user.id)
    .executeTakeFirst();
  if (!row) throw notFound(policyMessages.notFound);
  const { memberRole, memberSince, ...organization } = row;
  return { organization, role: memberRole, memberSince };
}

export function assertAllowed(access: OrganizationAccess, action: OrganizationAction): void {
  if (!isAllowed(access.role, action)) throw forbidden(policyMessages[action]);
}

/** A blocked organisation takes no changes (docs/spec/accounts.md §4): 423 Locked. */
export function assertNotBlocked(organization: OrganizationRow): void {
  if (organization.isBlocked === 1) throw new AppError(423, 'BLOCKED', policyMessages.blocked);
}

/** Membership plus permission plus (for writes) not blocked: the usual first line of a command. */
export async function authorize(db: Db, organizationId: unknown, user: UserRow, action: OrganizationAction, write = true): Promise<OrganizationAccess> {
  const access = await requireMembership(db, organizationId, user);
  assertAllowed(access, action);
  if (write) assertNotBlocked(access.organization);
  return access;
}
