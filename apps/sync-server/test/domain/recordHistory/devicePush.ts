import { randomUUID } from 'node:crypto';
import type { PushResponse } from '@sanidok/schema';
import { SYNC_SCHEMA_VERSION } from '@sanidok/schema';
import { json } from '../../helpers/json';
import type { Client } from '../../helpers/testApp';

/** One device of a user: pushes its outbox in order, as the PWA does (seq counts per device). */
export function device(client: Client, deviceId: string = randomUUID()) {
  let seq = 0;
  return {
    deviceId,
    async push(name: string, args: Record<string, unknown>): Promise<PushResponse['results'][number]> {
      seq += 1;
      const response = await client.post('/api/sync/push', {
        deviceId, schemaVersion: SYNC_SCHEMA_VERSION,
        mutations: [{ mutationId: randomUUID(), seq, name, args, createdAt: new Date().toISOString() }],
      });
      if (response.statusCode !== 200) throw new Error(`Push abgelehnt: ${response.body}`);
      const [result] = json<PushResponse>(response).results;
      if (!result) throw new Error('Push ohne Ergebnis');
      return result;
    },
  };
}
