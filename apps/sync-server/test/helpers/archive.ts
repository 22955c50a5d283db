import type { FastifyInstance } from 'fastify';
import type { OrganizationKeys } from '@sanidok/crypto';
import { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url, signArchiveProof, signKeyRotation } from '@sanidok/crypto';
import type { ArchiveChallenge, KeyChangeChallenge } from '@sanidok/schema';
import { databaseFiles } from './databaseContent';
import { json } from './json';
import { addMember } from './organizations';
import { assignTeam, createServiceVia } from './services';
import { createTestApp, registeredClient } from './testApp';
import type { Client } from './testApp';

export interface OrganizationWithSecret {
  id: number;
  /** What the owner's browser keeps and shows once; the server never gets it. */
  secret: Uint8Array;
  keys: OrganizationKeys;
}

/** Like the browser: a fresh secret, only the public keys go to the server. */
export async function createOrganizationWithSecret(owner: Client, name = 'DRK Musterstadt'): Promise<OrganizationWithSecret> {
  const secret = generateOrganizationSecret();
  const keys = await deriveOrganizationKeys(secret);
  const response = await owner.post('/api/organizations', { name, description: null, ...publicKeysToBase64Url(keys) });
  if (response.statusCode !== 201) throw new Error(`Organisation nicht angelegt: ${response.body}`);
  return { id: json<{ id: number }>(response).id, secret, keys };
}

/** A fresh challenge of `client` for the next rotation or recovery of the organisation. */
export async function keyChangeChallenge(client: Client, organizationId: number): Promise<KeyChangeChallenge> {
  const response = await client.post(`/api/organizations/${organizationId}/key-change/challenge`);
  if (response.statusCode !== 201) throw new Error(`Keine Challenge: ${response.body}`);
  return json<KeyChangeChallenge>(response);
}

/**
 * The body of a key rotation as the owner's browser sends it: a fresh key's public parts and the
 * challenge, signed by `signingSecret` (the current key's secret; another one to forge).
 */
export async function rotationBody(client: Client, organizationId: number, signingSecret: Uint8Array, currentPassword = 'Geheim-Sani-42') {
  const secret = generateOrganizationSecret();
  const keys = publicKeysToBase64Url(await deriveOrganizationKeys(secret));
  const challenge = await keyChangeChallenge(client, organizationId);
  const rotationSignature = await signKeyRotation(signingSecret, organizationId, challenge.nonce, keys);
  return { secret, keys, challenge, body: { ...keys, currentPassword, challengeId: challenge.challengeId, rotationSignature } };
}

export const archiveUrls = (orgId: number, serviceId: string) => ({
  services: `/api/organizations/${orgId}/archive/services`,
  challenge: `/api/organizations/${orgId}/archive/services/${serviceId}/challenge`,
  protocols: `/api/organizations/${orgId}/archive/services/${serviceId}/protocols`,
});

export async function requestChallenge(client: Client, orgId: number, serviceId: string): Promise<ArchiveChallenge> {
  const response = await client.post(archiveUrls(orgId, serviceId).challenge, {});
  if (response.statusCode !== 201) throw new Error(`Keine Challenge: ${response.body}`);
  return response.json();
}

/** The browser's part: challenge, signature from the typed-in secret, proof. */
export async function openArchive(client: Client, orgId: number, serviceId: string, secret: Uint8Array) {
  const challenge = await requestChallenge(client, orgId, serviceId);
  const signature = await signArchiveProof(secret, challenge);
  return client.post(archiveUrls(orgId, serviceId).protocols, { proof: { challengeId: challenge.challengeId, signature } });
}

/**
 * Where any of `needles` still lies in the database (./databaseContent.ts): plaintext (UTF-8 and UTF-16)
 * or a server-key ciphertext. Empty when nothing is left.
 */
export async function databaseTraces(app: FastifyInstance, needles: readonly string[]): Promise<string[]> {
  const hits: string[] = [];
  for (const { path, bytes } of await databaseFiles(app)) {
    for (const needle of needles) {
      for (const encoding of ['utf8', 'utf16le'] as const) {
        if (bytes.includes(Buffer.from(needle, encoding))) hits.push(`${path.endsWith('-wal') ? 'WAL' : 'Datei'}: ${needle.slice(0, 24)} (${encoding})`);
      }
    }
  }
  return hits;
}

/**
 * The cast of the sealing and archive tests: owner Olga with a real organisation key, medic Mona,
 * and one service (running unless `serviceOverrides` say otherwise) with both on its team.
 */
export async function sealingTeam(serviceOverrides: Record<string, unknown> = {}) {
  const app = await createTestApp();
  const owner = await registeredClient(app, 'olga');
  const org = await createOrganizationWithSecret(owner);
  const medic = await addMember(app, owner, org.id, 'mona');
  const service = await createServiceVia(owner, org.id, serviceOverrides);
  // Mona documents on the service and holds its patient data: she is on its team.
  await assignTeam(owner, service.id, [owner, medic]);
  return { app, owner, medic, org, service };
}

export { databaseFiles } from './databaseContent';
