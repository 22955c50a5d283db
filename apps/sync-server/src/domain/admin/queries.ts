import type { AdminOrganization, AdminService, AdminSummary, AdminUser } from '@sanidok/schema';
import { adminLimits, adminSearchSchema, isWithinServiceTime } from '@sanidok/schema';
import type { Db } from '../../db/connection';
import { validate } from '../errors';

/**
 * The admin lists (docs/spec/accounts.md §7 Admin). `?search=` is matched on the server against the visible
 * text columns, case-insensitively with German case rules (SQLite's LIKE folds ASCII only), and
 * every list answers at most `adminLimits.listMax` rows.
 */
function searchTerm(query: unknown): string | undefined {
  return validate(adminSearchSchema, query).search?.toLocaleLowerCase('de-DE');
}

function matches(term: string | undefined, ...fields: (string | null | undefined)[]): boolean {
  return term === undefined || fields.some((f) => f?.toLocaleLowerCase('de-DE').includes(term));
}

const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => Number((await query.executeTakeFirstOrThrow()).n);

export async function adminSummary(db: Db, now = new Date()): Promise<AdminSummary> {
  const services = await db.selectFrom('services').select(['startDate', 'endDate']).execute();
  return {
    users: await count(db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))),
    blockedUsers: await count(db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('isBlocked', '=', 1)),
    organizations: await count(db.selectFrom('organizations').select((eb) => eb.fn.countAll<number>().as('n'))),
    blockedOrganizations: await count(db.selectFrom('organizations').select((eb) => eb.fn.countAll<number>().as('n')).where('isBlocked', '=', 1)),
    services: services.length,
    activeServices: services.filter((s) => isWithinServiceTime(s, now)).length,
  };
}

export async function listAdminUsers(db: Db, query: unknown): Promise<AdminUser[]> {
  const term = searchTerm(query);
  const rows = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id', 'u.username', 'u.email', 'u.fullName', 'u.isAdmin', 'u.isBlocked', 'u.totpEnabledAt', 'u.emailVerifiedAt', 'u.createdAt',
      eb.selectFrom('organizationMembers as m').select((c) => c.fn.countAll<number>().as('n')).whereRef('m.userId', '=', 'u.id').as('organizationCount'),
    ])
    .orderBy('u.usernameKey')
    .execute();
  const owned = await db
    .selectFrom('organizationMembers as m')
    .innerJoin('organizations as o', 'o.id', 'm.organizationId')
    .select(['m.userId', 'o.name'])
    .where('m.role', '=', 'owner')
    .orderBy('o.name')
    .execute();
  return rows
    .filter((u) => matches(term, u.username, u.email, u.fullName))
    .slice(0, adminLimits.listMax)
    .map(({ totpEnabledAt, emailVerifiedAt, ...u }) => ({
      ...u,
      totpEnabled: totpEnabledAt !== null,
      emailVerified: emailVerifiedAt !== null,
      isAdmin: u.isAdmin === 1,
      isBlocked: u.isBlocked === 1,
      organizationCount: Number(u.organizationCount),
      ownedOrganizations: owned.filter((o) => o.userId === u.id).map((o) => o.name),
    }));
}

export async function listAdminOrganizations(db: Db, query: unknown): Promise<AdminOrganization[]> {
  const term = searchTerm(query);
  const rows = await db
    .selectFrom('organizations as o')
    .select((eb) => [
      'o.id', 'o.name', 'o.description', 'o.isBlocked', 'o.createdAt', 'o.createdById',
      eb
        .selectFrom('organizationMembers as m')
        .innerJoin('users as u', 'u.id', 'm.userId')
        .select('u.username')
        .whereRef('m.organizationId', '=', 'o.id')
        .where('m.role', '=', 'owner')
        .limit(1)
        .as('ownerUsername'),
      eb.selectFrom('organizationMembers as m').select((c) => c.fn.countAll<number>().as('n')).whereRef('m.organizationId', '=', 'o.id').as('memberCount'),
      eb.selectFrom('services as s').select((c) => c.fn.countAll<number>().as('n')).whereRef('s.organizationId', '=', 'o.id').as('serviceCount'),
      eb.selectFrom('patientProtocols as p').select((c) => c.fn.countAll<number>().as('n')).whereRef('p.organizationId', '=', 'o.id').as('protocolCount'),
      eb
        .selectFrom('patientProtocols as p')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('p.organizationId', '=', 'o.id')
        .where('p.status', '!=', 'active')
        .as('archivedProtocolCount'),
      eb.selectFrom('minorTreatments as t').select((c) => c.fn.countAll<number>().as('n')).whereRef('t.organizationId', '=', 'o.id').as('treatmentCount'),
    ])
    .orderBy('o.name')
    .execute();
  return rows
    .filter((o) => matches(term, o.name, o.description, o.ownerUsername))
    .slice(0, adminLimits.listMax)
    .map(({ protocolCount, treatmentCount, ...o }) => ({
      ...o,
      isBlocked: o.isBlocked === 1,
      memberCount: Number(o.memberCount),
      serviceCount: Number(o.serviceCount),
      patientRecordCount: Number(protocolCount) + Number(treatmentCount),
      archivedProtocolCount: Number(o.archivedProtocolCount),
    }));
}

export async function listAdminServices(db: Db, query: unknown): Promise<AdminService[]> {
  const term = searchTerm(query);
  const rows = await db
    .selectFrom('services as s')
    .innerJoin('organizations as o', 'o.id', 's.organizationId')
    .select((eb) => [
      's.id', 's.name', 's.location', 's.startDate', 's.endDate', 's.status', 's.isBlocked', 's.organizationId', 's.createdAt',
      'o.name as organizationName', 'o.isBlocked as organizationBlocked',
      eb.selectFrom('patientProtocols as p').select((c) => c.fn.countAll<number>().as('n')).whereRef('p.serviceId', '=', 's.id').as('protocolCount'),
      eb
        .selectFrom('patientProtocols as p')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('p.serviceId', '=', 's.id')
        .where('p.status', '!=', 'active')
        .as('archivedProtocolCount'),
      eb.selectFrom('minorTreatments as t').select((c) => c.fn.countAll<number>().as('n')).whereRef('t.serviceId', '=', 's.id').as('treatmentCount'),
    ])
    .orderBy('s.startDate', 'desc')
    .execute();
  return rows
    .filter((s) => matches(term, s.name, s.location, s.organizationName))
    .slice(0, adminLimits.listMax)
    .map(({ protocolCount, treatmentCount, ...s }) => ({
      ...s,
      isBlocked: s.isBlocked === 1,
      organizationBlocked: s.organizationBlocked === 1,
      patientRecordCount: Number(protocolCount) + Number(treatmentCount),
      archivedProtocolCount: Number(s.archivedProtocolCount),
    }));
}
