import { afterEach, describe, expect, it, vi } from 'vitest';
import { purgeOldEmailLogs } from '../../../src/domain/mail/logs';
import { createTestApp } from '../../helpers/testApp';

afterEach(() => {
  vi.useRealTimers();
});

describe('e-mail log retention', () => {
  it('deletes entries older than 90 days, keeps younger ones (fixed clock)', async () => {
    const app = await createTestApp();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00.000Z'));
    const row = (createdAt: string) => ({ toEmail: 'a@example.de', fromEmail: null, subject: 'S', templateId: null, templateName: null, status: 'sent' as const, errorMessage: null, sentAt: createdAt, createdAt });
    await app.db.insertInto('emailLogs').values([row('2026-08-23T11:59:59.000Z'), row('2026-08-23T12:00:01.000Z'), row('2026-11-20T12:00:00.000Z')]).execute();

    expect(await purgeOldEmailLogs(app.db)).toBe(1);
    const left = await app.db.selectFrom('emailLogs').select('createdAt').orderBy('createdAt').execute();
    expect(left.map((r) => r.createdAt)).toEqual(['2026-08-23T12:00:01.000Z', '2026-11-20T12:00:00.000Z']);
  });
});
