import { randomUUID } from 'node:crypto';
import { json } from './json';
import type { Client } from './testApp';

const hour = 3_600_000;

/** A valid create payload; by default the service is running now. */
export function servicePayload(organizationId: number, overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    id: randomUUID(),
    name: 'Stadtfest Musterstadt',
    description: 'Sanitätswache am Marktplatz',
    location: 'Marktplatz 1',
    startDate: new Date(now - hour).toISOString(),
    endDate: new Date(now + 8 * hour).toISOString(),
    organizationId,
    ...overrides,
  };
}

export async function createServiceVia(client: Client, organizationId: number, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/services', servicePayload(organizationId, overrides));
  if (response.statusCode !== 201) throw new Error(`Dienst nicht angelegt: ${response.body}`);
  return json<{ id: string; version: number }>(response);
}

let seq = 0;
/** A push envelope with gapless seq per helper call site. */
export function envelope(name: string, args: unknown, s = ++seq) {
  return { mutationId: randomUUID(), seq: s, name, args, createdAt: new Date().toISOString() };
}

/** Puts the signed-in `members` on the service's team: `planner` is its owner or an organisation admin. */
export async function assignTeam(planner: Client, serviceId: string, members: readonly Client[]): Promise<void> {
  const userIds = await Promise.all(members.map(async (member) => json<{ id: number }>(await member.get('/api/user')).id));
  const response = await planner.put(`/api/services/${serviceId}/team`, { userIds });
  if (response.statusCode !== 200) throw new Error(`Einteilung fehlgeschlagen: ${response.body}`);
}
