import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { ensureFirstAdmin } from '../../src/domain/accounts/bootstrapAdmin';
import { Client } from './testApp';

export const adminCredentials = { username: 'plattform', password: 'admin-passwort' };

/** The admin's TOTP secret per app: platform admins must have two factors (domain/admin/policy.ts). */
const adminSecrets = new WeakMap<FastifyInstance, string>();

/** A current code of `secret` (RFC 6238, the authenticator app's side). */
export const totpCodeOf = (secret: string): string =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

/**
 * A code for the next sign-in of `username`. The server refuses a time step already used
 * (test/domain/accounts/twoFactor.test.ts proves it); fixtures sign the same admin in many times
 * within 30 s, so the helper forgets the last step first — test set-up only, never the product.
 */
export async function freshTotpCode(app: FastifyInstance, username: string, secret: string): Promise<string> {
  await app.db.updateTable('users').set({ totpLastStep: null }).where('username', '=', username).execute();
  return totpCodeOf(secret);
}

/** Sets up two factors for the signed-in `client`; returns the secret and the recovery codes. */
export async function enableTotp(client: Client, password: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.post('/api/account/totp/setup', { currentPassword: password });
  if (setup.statusCode !== 200) throw new Error(`TOTP-Einrichtung fehlgeschlagen: ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const confirm = await client.post('/api/account/totp/confirm', { code: totpCodeOf(secret) });
  if (confirm.statusCode !== 200) throw new Error(`TOTP-Bestätigung fehlgeschlagen: ${confirm.body}`);
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The first platform admin, created as at server start, signed in with both factors. */
export async function adminClient(app: FastifyInstance): Promise<Client> {
  await ensureFirstAdmin(app.db, adminCredentials);
  const client = new Client(app);
  const secret = adminSecrets.get(app);
  const body = secret ? { ...adminCredentials, totpCode: await freshTotpCode(app, adminCredentials.username, secret) } : adminCredentials;
  const response = await client.post('/api/login', body);
  if (response.statusCode !== 200) throw new Error(`Admin-Anmeldung fehlgeschlagen: ${response.body}`);
  if (!secret) adminSecrets.set(app, (await enableTotp(client, adminCredentials.password)).secret);
  return client;
}

/** The admin's TOTP secret once `adminClient` has set it up. */
export function adminTotpSecret(app: FastifyInstance): string {
  const secret = adminSecrets.get(app);
  if (!secret) throw new Error('adminClient(app) zuerst aufrufen');
  return secret;
}

export const del = (client: Client, url: string, payload?: unknown) =>
  client.request({ method: 'DELETE', url, ...(payload !== undefined && { payload: payload as never }) });

export async function auditActions(app: FastifyInstance): Promise<string[]> {
  return (await app.db.selectFrom('adminAuditLog').select('action').orderBy('id').execute()).map((r) => r.action);
}
