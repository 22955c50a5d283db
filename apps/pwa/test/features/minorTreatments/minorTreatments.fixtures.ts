import type { MaterialUsage, MinorTreatment, Service, SyncChange } from '@sanidok/schema';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { SaniDokDb } from '../../../src/data/db';
import { deleteUserDatabase, openUserDatabase } from '../../../src/data/db';
import { endSyncSession } from '../../../src/sync/syncSession';
import { organization, serverService } from '../../helpers/sync';
import { json, mockApi, renderApp, testUser } from '../../helpers/render';

// Shared fixtures of the minor-treatment and material-consumption tests: organisation 1 with a
// running service (now ± 4 h) and a small catalogue, as a pull would have stored them.

export const serviceId = '01900000-0000-7000-8000-000000000001';
export const otherServiceId = '01900000-0000-7000-8000-000000000002';

const hour = 3_600_000;

export function runningService(id = serviceId, overrides: Partial<Service> = {}): Service {
  return serverService(id, 1, {
    name: 'Schützenfest Großhöchstädt',
    location: 'Festplatz Süd',
    organizationName: 'DRK Müllheim',
    startDate: new Date(Date.now() - 4 * hour).toISOString(),
    endDate: new Date(Date.now() + 4 * hour).toISOString(),
    ...overrides,
  });
}

export const catalogue = [
  { id: 1, name: 'Pflaster', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: null },
  { id: 2, name: 'Kühlpack', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: null },
  { id: 3, name: 'Wundschnellverband groß', unit: 'Packung', organizationId: 1, unitPriceCents: null, deletedAt: null },
  { id: 4, name: 'Rettungsdecke', unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: null },
];

/** Many materials, for the ≤ 10 matches rule of the picker. */
export const bigCatalogue = Array.from({ length: 14 }, (_, i) => ({ id: 100 + i, name: `Verband ${String(i + 1).padStart(2, '0')}`, unit: 'Stück', organizationId: 1, unitPriceCents: null, deletedAt: null }));

/** Organisation 1 (optionally blocked), the given services and the catalogue. */
export async function seedCapture(db: SaniDokDb, services: Service[] = [runningService()], options: { blocked?: boolean } = {}): Promise<void> {
  await db.organizations.put({ ...organization(1, 'DRK Müllheim'), isBlocked: options.blocked ?? false });
  await db.services.bulkPut(services);
  await db.materials.bulkPut(catalogue);
}

export function usageRow(id: string, materialId: number, quantity: number, usedAt: string, overrides: Partial<MaterialUsage> = {}): MaterialUsage {
  return { id, materialId, quantity, serviceId, organizationId: 1, source: 'manual', sourceId: null, usedAt, refilledAt: null, ...overrides };
}

export function treatmentRow(id: string, overrides: Partial<MinorTreatment> = {}): MinorTreatment {
  return {
    id,
    serviceId,
    serviceName: 'Schützenfest Großhöchstädt',
    organizationId: 1,
    patientName: 'Max Mustermann',
    description: 'Schürfwunde Knie',
    treatedById: 7,
    createdAt: '2026-07-04T12:30:00.000Z',
    date: '2026-07-04T12:30:00.000Z',
    materials: [],
    ...overrides,
  };
}

export const upsertTreatment = (data: MinorTreatment, version = 20): SyncChange => ({ entity: 'minorTreatment', op: 'upsert', id: data.id, organizationId: data.organizationId, version, data });
export const upsertUsage = (data: MaterialUsage, version = 21): SyncChange => ({ entity: 'materialUsage', op: 'upsert', id: data.id, organizationId: data.organizationId, version, data });

export const uuid = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;

// ---- Screens: the signed-in testUser's database, seeded as a pull would, and the real routes ----

configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  await endSyncSession();
  await deleteUserDatabase(testUser.id);
});

/** testUser's database with organisation 1, the given services and the catalogue. */
export async function seedSignedIn(services: Service[] = [runningService()], options: { blocked?: boolean; materials?: typeof catalogue } = {}): Promise<SaniDokDb> {
  const db = openUserDatabase(testUser.id, testUser.fullName ?? testUser.username);
  await seedCapture(db, services, options);
  if (options.materials) await db.materials.bulkPut(options.materials);
  return db;
}

/**
 * Mounts the app at `path` for testUser. The sync engine runs against the mocked API, whose sync
 * endpoints answer 404: nothing is pulled or pushed, as on a tablet without coverage.
 */
export function renderSignedIn(path: string) {
  const fetchMock = mockApi({ 'GET /api/user': () => json(testUser) });
  return { fetchMock, ...renderApp(path) };
}
