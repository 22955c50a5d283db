import { json } from './json';
import { addMember, createOrganization } from './organizations';
import { assignTeam, createServiceVia } from './services';
import type { AppConfig } from '../../src/config/config';
import type { Client } from './testApp';
import { createTestApp, registeredClient } from './testApp';

/**
 * The usual cast of the documentation tests: owner Olga, her organisation, medic Mona as a member
 * and one running service with both on its team; `material` adds a catalogue entry (by default Olga's, in her organisation).
 */
export async function serviceTeam(config: Partial<AppConfig> = {}) {
  const app = await createTestApp(config);
  const owner = await registeredClient(app, 'olga');
  const { id: orgId } = await createOrganization(owner);
  const medic = await addMember(app, owner, orgId, 'mona');
  const service = await createServiceVia(owner, orgId);
  // Mona is on the service's team: she documents and reads its patient data.
  const medicId = json<{ id: number }>(await medic.get('/api/user')).id;
  await assignTeam(owner, service.id, [owner, medic]);
  const material = async (name: string, organizationId = orgId, client: Client = owner) =>
    json<{ id: number }>(await client.post('/api/materials', { name, unit: 'Stück', organizationId })).id;
  return { app, owner, medic, medicId, orgId, service, material };
}
