import { describe, expect, it } from 'vitest';
import { purgeOldAccessLogs } from '../../../src/domain/accessLogs/queries';
import { addMember, createOrganization } from '../../helpers/organizations';
import { createTestApp, registeredClient } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { AccessLogItem } from '@sanidok/schema';

describe('access logs', () => {
  it('shows the owner the newest first with masked addresses, and purges entries past 90 days', async () => {
    const app = await createTestApp();
    const owner = await registeredClient(app, 'olga');
    const { id } = await createOrganization(owner);
    await addMember(app, owner, id, 'mona');
    const mona = await app.db.selectFrom('users').select('id').where('username', '=', 'mona').executeTakeFirstOrThrow();
    const day = 86_400_000;
    const at = (ago: number) => new Date(Date.now() - ago).toISOString();
    await app.db.insertInto('accessLogs').values([
      { organizationId: id, userId: mona.id, actionType: 'protocol_opened', patientProtocolId: 'p-1', timestamp: at(2 * day), ipAddress: '192.168.178.20', details: 'Protokoll geöffnet' },
      { organizationId: id, userId: mona.id, actionType: 'print_handover', patientProtocolId: 'p-1', timestamp: at(day), ipAddress: '2001:db8:85a3::8a2e:370:7334', details: null },
      { organizationId: id, userId: mona.id, actionType: 'protocol_opened', patientProtocolId: 'p-0', timestamp: at(91 * day), ipAddress: '10.0.0.1', details: null },
    ]).execute();

    expect(await purgeOldAccessLogs(app.db)).toBe(1);
    const logs = json<AccessLogItem[]>(await owner.get(`/api/organizations/${id}/access-logs`));
    expect(logs.map((l) => [l.actionType, l.ipAddress])).toEqual([
      ['print_handover', '2001:db8:*'],
      ['protocol_opened', '192.168.*.*'],
    ]);
    expect(logs[0]?.user).toEqual({ username: 'mona', fullName: null });
  });
});
