import { createOrganizationWithSecret } from './archive';
import { addMember } from './organizations';
import { assignTeam, createServiceVia } from './services';
import { createTestApp, registeredClient } from './testApp';

/**
 * An organisation with a known key, a service and two members: Tina on the service's team, Mona
 * and the owner Olga off it (the setup of the tests of docs/security.md "Clinical data follows the team").
 */
export async function teamOfOne() {
  const app = await createTestApp();
  const owner = await registeredClient(app, 'olga');
  const org = await createOrganizationWithSecret(owner);
  const tina = await addMember(app, owner, org.id, 'tina');
  const mona = await addMember(app, owner, org.id, 'mona');
  const service = await createServiceVia(owner, org.id);
  await assignTeam(owner, service.id, [tina]);
  return { app, owner, org, tina, mona, service };
}
