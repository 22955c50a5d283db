import { randomUUID } from 'node:crypto';
import type { PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { json } from './json';
import type { Client } from './testApp';

/** One queued mutation as a device sends it. */
export const syncMutation = (seq: number, name: string, args: unknown) => ({ mutationId: randomUUID(), seq, name, args, createdAt: new Date().toISOString() });

/** POST /api/sync/push of these mutations from one device, answered per mutation. */
export const pushMutations = async (client: Client, deviceId: string, mutations: unknown[]): Promise<PushResponse> =>
  json<PushResponse>(await client.post('/api/sync/push', { deviceId, schemaVersion: SYNC_SCHEMA_VERSION, mutations }));
