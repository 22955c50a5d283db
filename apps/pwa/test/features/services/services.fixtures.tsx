import type { OrganizationListItem, OrganizationRole, Service } from '@sanidok/schema';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { SaniDokDb } from '../../../src/data/db';
import { deleteUserDatabase, openUserDatabase } from '../../../src/data/db';
import { endSyncSession } from '../../../src/sync/syncSession';
import { json, mockApi, renderApp, testUser } from '../../helpers/render';

// Shared fixtures of the services and dashboard tests: the signed-in testUser's local database is
// seeded as a pull would fill it (organisations, services), then the real routes are mounted.

// The first render of a file loads Mantine, Dexie and the routes; on a busy two-core machine
// that can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

const hour = 3_600_000;
export const inHours = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

let nextId = 1;
/** A UUID-shaped id (v7 layout is not checked by the device). */
export function serviceId(): string {
  const n = (nextId++).toString(16).padStart(12, '0');
  return `0190f000-0000-7000-8000-${n}`;
}

export function org(id: number, role: OrganizationRole, overrides: Partial<OrganizationListItem> = {}): OrganizationListItem {
  return {
    id,
    name: `Organisation ${id}`,
    description: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    role,
    isBlocked: false,
    memberCount: 3,
    memberSince: '2026-01-02T00:00:00.000Z',
    lockAfterMinutes: 5,
    retentionYears: 10,
    sealingPublicKey: 'a'.repeat(43),
    signingPublicKey: 'b'.repeat(43),
    keyFingerprint: '0000-0000-0000-0000-0000-0000-0000-0000',
    keyConfirmed: true,
    keyRecovery: null,
    ...overrides,
  };
}

export function service(overrides: Partial<Service> = {}): Service {
  return {
    id: serviceId(),
    name: 'Stadtfest',
    description: null,
    location: 'Marktplatz',
    startDate: inHours(-2),
    endDate: inHours(6),
    organizationId: 1,
    organizationName: 'Organisation 1',
    createdById: 1,
    createdByName: 'Olga Owner',
    createdAt: '2026-05-01T08:00:00.000Z',
    updatedAt: '2026-05-01T08:00:00.000Z',
    status: 'active',
    isBlocked: false,
    accessCode: null,
    version: 10,
    ...overrides,
  };
}

/** Services of each kind relative to now. */
export const running = (o: Partial<Service> = {}) => service({ startDate: inHours(-2), endDate: inHours(6), ...o });
export const planned = (o: Partial<Service> = {}) => service({ startDate: inHours(24), endDate: inHours(30), ...o });
export const ended = (o: Partial<Service> = {}) => service({ startDate: inHours(-30), endDate: inHours(-24), ...o });

afterEach(async () => {
  cleanup();
  await endSyncSession();
  await deleteUserDatabase(testUser.id);
});

/** The signed-in user's database with these organisations and (already synced) services. */
export async function seed(organizations: OrganizationListItem[], services: Service[] = []): Promise<SaniDokDb> {
  const db = openUserDatabase(testUser.id, testUser.fullName ?? testUser.username);
  await db.organizations.bulkPut(organizations);
  await db.services.bulkPut(services.map((s) => ({ ...s, organizationName: organizations.find((o) => o.id === s.organizationId)?.name ?? s.organizationName })));
  return db;
}

/**
 * Mounts the app at `path` for testUser. The sync engine runs against the mocked API, whose sync
 * endpoints answer 404: nothing is pulled, so the seeded data stays as it is and local writes stay
 * pending (as offline).
 */
export function renderSignedIn(path: string) {
  const fetchMock = mockApi({ 'GET /api/user': () => json(testUser) });
  return { fetchMock, ...renderApp(path) };
}
