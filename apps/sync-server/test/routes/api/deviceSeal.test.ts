import { randomUUID } from 'node:crypto';
import { fromBase64Url, loadSodium, sealToPublicKey } from '@sanidok/crypto/device';
import type { PushResponse, Service } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { json } from '../../helpers/json';
import { createOrganization } from '../../helpers/organizations';
import { servicePayload } from '../../helpers/services';
import type { Client } from '../../helpers/testApp';
import { createTestApp, registeredClient } from '../../helpers/testApp';

/** Outbox args sealed on the device to the server's key, pushed by a locked tablet. */
const mutation = (seq: number, name: string, args: unknown) => ({ mutationId: randomUUID(), seq, name, args, createdAt: new Date().toISOString() });
const push = (client: Client, deviceId: string, mutations: unknown[]) => client.post('/api/sync/push', { deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations });

async function sealFor(client: Client, args: unknown): Promise<{ $sealed: string }> {
  const reply = await client.get('/api/device/seal-key');
  expect(reply.statusCode).toBe(200);
  const publicKey = fromBase64Url(json<{ publicKey: string }>(reply).publicKey);
  if (!publicKey) throw new Error('no key');
  return { $sealed: sealToPublicKey(await loadSodium(), publicKey, JSON.stringify(args)) };
}

describe('device sealing key and sealed push', () => {
  it('hands every signed-in user the same public key, made once and stored with its secret encrypted', async () => {
    const app = await createTestApp();
    const anna = await registeredClient(app, 'anna');
    const bert = await registeredClient(app, 'bert');
    const [a, b] = await Promise.all([anna.get('/api/device/seal-key'), bert.get('/api/device/seal-key')]);
    expect(json<{ publicKey: string }>(a).publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(json<{ publicKey: string }>(a).publicKey).toBe(json<{ publicKey: string }>(b).publicKey);
    const rows = await app.db.selectFrom('serverKeys').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.secretKey.startsWith('v1.')).toBe(true);
    const signedOut = await app.inject({ method: 'GET', url: '/api/device/seal-key' });
    expect(signedOut.statusCode).toBe(401);
    expect(json<{ message: string }>(signedOut).message).toBe('Nicht angemeldet. Bitte melden Sie sich an.');
  });

  it('opens sealed args before validation and applies them as if sent in clear', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const service = servicePayload(orgId, { name: 'Versiegeltes Fest' });
    const reply = await push(owner, randomUUID(), [mutation(1, 'service.create', await sealFor(owner, service))]);
    expect(json<PushResponse>(reply).results).toMatchObject([{ seq: 1, status: 'applied' }]);
    const services = json<Service[]>(await owner.get('/api/services'));
    expect(services.map((s) => s.name)).toEqual(['Versiegeltes Fest']);
  });

  it('refuses a sealed envelope that does not open, with a German reason, and goes on', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id: orgId } = await createOrganization(owner);
    const good = await sealFor(owner, servicePayload(orgId));
    const tampered = { $sealed: `${good.$sealed.slice(0, -4)}AAAA` };
    const reply = await push(owner, randomUUID(), [
      mutation(1, 'service.create', tampered),
      mutation(2, 'service.create', { $sealed: 'kein-umschlag' }),
      mutation(3, 'service.create', good),
    ]);
    expect(json<PushResponse>(reply).results).toMatchObject([
      { seq: 1, status: 'rejected', code: 'SEALED_ARGS_INVALID', message: 'Die verschlüsselte Änderung konnte nicht geöffnet werden.' },
      { seq: 2, status: 'rejected', code: 'SEALED_ARGS_INVALID' },
      { seq: 3, status: 'applied' },
    ]);
    const quarantine = await app.db.selectFrom('syncQuarantine').select(['seq', 'args']).orderBy('seq').execute();
    expect(quarantine.map((q) => q.args)).toEqual(['null', 'null']);
  });

  it('refuses sealed args while the server has no sealing key yet', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const sodium = await loadSodium();
    const stranger = sodium.crypto_box_keypair();
    const reply = await push(owner, randomUUID(), [mutation(1, 'service.create', { $sealed: sealToPublicKey(sodium, stranger.publicKey, '{}') })]);
    expect(json<PushResponse>(reply).results).toMatchObject([{ seq: 1, status: 'rejected', code: 'SEALED_ARGS_INVALID' }]);
  });
});
