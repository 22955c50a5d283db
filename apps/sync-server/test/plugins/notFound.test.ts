import { describe, expect, it } from 'vitest';
import { notFoundLimitPerMinute } from '../../src/plugins/pwa';
import { rateLimitMessage } from '../../src/plugins/rateLimit';
import { createTestApp } from '../helpers/testApp';

describe('unknown paths', () => {
  it('answer 404 in German, and 429 once an address has asked for too many in a minute', async () => {
    const app = await createTestApp();
    const probe = (n: number) => app.inject({ method: 'GET', url: `/api/probe-${n}` });
    const first = await probe(0);
    expect([first.statusCode, first.json()]).toEqual([404, { code: 'NOT_FOUND', message: 'Diese Schnittstelle gibt es nicht.' }]);
    for (let n = 1; n < notFoundLimitPerMinute; n++) expect((await probe(n)).statusCode).toBe(404);
    const limited = await probe(notFoundLimitPerMinute);
    expect([limited.statusCode, limited.json()]).toEqual([429, { code: 'RATE_LIMITED', message: rateLimitMessage }]);
    // Known routes are not counted against the unknown ones.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
