import type { LocalOrganization, SaniDokDb } from '../db';

/**
 * Organisations the user belongs to, as the last pull listed them. Read-only on the device:
 * organisations are created and changed online; every pull replaces this cache.
 */
export async function listOrganizations(db: SaniDokDb): Promise<LocalOrganization[]> {
  const rows = await db.organizations.toArray();
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'de'));
}

export function getOrganization(db: SaniDokDb, id: number): Promise<LocalOrganization | undefined> {
  return db.organizations.get(id);
}
