import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Actor, Refusal } from './actors';
import { memberActors } from './actors';
import type { World } from './world';

const codeOf: Readonly<Record<Refusal, string>> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 423: 'BLOCKED' };

/** A refusal says why in German and nothing else: exactly {message, code}, the code matching the status. */
export function expectRefusalBody(response: LightMyRequestResponse, status: Refusal): void {
  const body = response.json<Record<string, unknown>>();
  expect(Object.keys(body).sort(), response.body).toEqual(['code', 'message']);
  expect(body.code).toBe(codeOf[status]);
  expect(body.message).toMatch(/\S/);
}

const isAdminArea = (key: string) => key.includes(' /api/admin/');
/** The archive releases the complete record, clinical part included, only against a proof of the organisation key, never to the cookie alone. */
const isKeyProvenArchive = (key: string) => key.includes('/archive/services/');

/**
 * What this actor must never read in this answer. Members: nothing of the other owner's
 * organisation. The other owner: nothing of the world's. Everyone else: nothing of either.
 * No patient name of an open protocol either, not even to the team (it reads them only sealed to
 * a registered device), and nobody those of a service past its patient-data window. The admin area shows organisations and services by name (its
 * job) but no patient data.
 * Sealed patient data (after discharge) reaches nobody in plain text. No answer carries a clinical
 * text, whoever asks: REST is what a copied session cookie reaches (docs/security.md "Clinical data
 * follows the team"); only the archive, opened with a proof of the organisation key, releases it.
 */
export function hiddenMarkers(world: World, actor: Actor, key: string, status: number): string[] {
  const { world: own, foreign, patients, sealed, teamPatients, pastWindow } = world.markers;
  const clinical = isKeyProvenArchive(key) && status < 400 ? [] : world.markers.clinical;
  if (status >= 400) return [...own, ...foreign, ...sealed, ...clinical];
  if (isAdminArea(key)) return [...patients, ...sealed, ...clinical];
  if (memberActors.includes(actor)) {
    // Patient data follows the team, and even the team reads it only sealed to a registered
    // device (docs/security.md "Patient data needs the unlocked device"): no reply names a patient in clear.
    return [...foreign, ...sealed, ...pastWindow, ...teamPatients, ...clinical];
  }
  if (actor === 'otherOwner') return [...own, ...sealed, ...clinical];
  return [...own, ...foreign, ...sealed, ...clinical];
}

export function expectNothingHidden(world: World, actor: Actor, key: string, status: number, body: string): void {
  const leaked = hiddenMarkers(world, actor, key, status).filter((marker) => body.includes(marker));
  expect(leaked, `${key} als ${actor} zeigt fremde Daten`).toEqual([]);
}

/**
 * A list of the caller's own rows must show them: members see the world's rows, the other owner
 * his own. Without this the leak check above could pass on a list that is always empty.
 */
export function expectOwnRowsListed(world: World, actor: Actor, response: LightMyRequestResponse): void {
  const own = memberActors.includes(actor) ? world.markers.world : actor === 'otherOwner' ? world.markers.foreign : [];
  if (own.length === 0) return;
  expect(own.some((marker) => response.body.includes(marker)), `${actor} sieht die eigenen Zeilen nicht`).toBe(true);
}

/**
 * The same URL with every id replaced by one that does not exist: an outsider's 404 must be
 * exactly the answer for a missing resource (no existence leak).
 */
export function missingVariant(url: string): string {
  const replace = (value: string) => (/^\d+$/.test(value) ? '999999' : /^[0-9a-f-]{36}$/i.test(value) ? randomUUID() : value);
  const [path = '', query] = url.split('?');
  const missingPath = path.split('/').map(replace).join('/');
  if (!query) return missingPath;
  const params = new URLSearchParams(query);
  for (const [name, value] of [...params]) params.set(name, replace(value));
  return `${missingPath}?${params.toString()}`;
}

/** The body with every id replaced by one that does not exist (uuids anywhere, numbers under `…Id` / `id`). */
export function missingPayload(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return /^[0-9a-f-]{36}$/i.test(value) ? randomUUID() : value;
  if (typeof value === 'number') return key === 'id' || key.endsWith('Id') ? 999999 : value;
  if (Array.isArray(value)) return value.map((item) => missingPayload(item, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, missingPayload(inner, name)]));
  return value;
}

/** Does the concrete URL call the registered path (':param' = one segment)? */
export function matchesPath(url: string, path: string): boolean {
  const pattern = new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/?]+')}(\\?.*)?$`);
  return pattern.test(url);
}
