import { afterEach, describe, expect, it, vi } from 'vitest';
import { purgeOldArchiveAccessFailures } from '../../../src/domain/admin/archiveFailures';
import { purgeOldQuarantine } from '../../../src/domain/sync/quarantine';
import { createTestApp } from '../../helpers/testApp';

afterEach(() => {
  vi.useRealTimers();
});

const now = '2026-11-24T12:00:00.000Z';

describe('retention of the daily job (plugins/jobs.ts)', () => {
  it('deletes quarantined mutations older than 30 days, keeps younger ones (fixed clock)', async () => {
    const app = await createTestApp();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    const row = (seq: number, createdAt: string) => ({ deviceId: 'd-1', userId: null, mutationId: `m-${seq}`, seq, name: 'protocol.update', args: '{}', code: 'CONFLICT', message: 'x', createdAt });
    await app.db.insertInto('syncQuarantine').values([row(1, '2026-10-25T11:59:59.000Z'), row(2, '2026-10-25T12:00:01.000Z'), row(3, '2026-11-24T11:00:00.000Z')]).execute();

    expect(await purgeOldQuarantine(app.db)).toBe(1);
    const left = await app.db.selectFrom('syncQuarantine').select('seq').orderBy('seq').execute();
    expect(left.map((r) => r.seq)).toEqual([2, 3]);
  });

  it('deletes archive access failures older than 90 days, like the access logs (fixed clock)', async () => {
    const app = await createTestApp();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    const row = (timestamp: string) => ({
      timestamp, username: 'mallory', userEmail: 'm@example.de', organizationName: 'DRK', serviceName: 'Stadtfest', serviceLocation: 'Halle',
      serviceStartDate: '2026-08-01T08:00:00.000Z', serviceEndDate: '2026-08-01T18:00:00.000Z', ipAddress: '10.0.0.1', organizationId: null, serviceId: null, userId: null,
    });
    await app.db.insertInto('archiveAccessFailures').values([row('2026-08-26T11:59:59.000Z'), row('2026-08-26T12:00:01.000Z'), row('2026-11-23T12:00:00.000Z')]).execute();

    expect(await purgeOldArchiveAccessFailures(app.db)).toBe(1);
    const left = await app.db.selectFrom('archiveAccessFailures').select('timestamp').orderBy('timestamp').execute();
    expect(left.map((r) => r.timestamp)).toEqual(['2026-08-26T12:00:01.000Z', '2026-11-23T12:00:00.000Z']);
  });
});
