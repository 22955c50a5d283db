import type { FastifyInstance } from 'fastify';
import { ensureFirstAdmin } from '../../src/domain/accounts/bootstrapAdmin';
import { Client } from './testApp';

export const adminCredentials = { username: 'plattform', password: 'admin-passwort' };

/** The first platform admin, created as at server start, signed in. */
export async function adminClient(app: FastifyInstance): Promise<Client> {
  await ensureFirstAdmin(app.db, adminCredentials);
  const client = new Client(app);
  const response = await client.post('/api/login', adminCredentials);
  if (response.statusCode !== 200) throw new Error(`Admin-Anmeldung fehlgeschlagen: ${response.body}`);
  return client;
}

export const del = (client: Client, url: string, payload?: unknown) =>
  client.request({ method: 'DELETE', url, ...(payload !== undefined && { payload: payload as never }) });

export async function auditActions(app: FastifyInstance): Promise<string[]> {
  return (await app.db.selectFrom('adminAuditLog').select('action').orderBy('id').execute()).map((r) => r.action);
}
