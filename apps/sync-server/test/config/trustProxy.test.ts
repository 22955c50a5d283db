import { describe, expect, it, vi } from 'vitest';
import { ConfigError, fastifyTrustProxy, parseEnv } from '../../src/config/config';
import { createTestApp } from '../helpers/testApp';

describe('TRUST_PROXY', () => {
  it('is off by default and with false or 0', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    // APP_ORIGIN alone no longer trusts X-Forwarded-For.
    expect(parseEnv({ APP_ORIGIN: 'https://sanidok.example.de' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count or addresses, CIDR ranges and presets', () => {
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
  });

  it('refuses true and anything that is not an address, in German', () => {
    for (const value of ['true', 'proxy.example.de', '10.0.0.0/33', '11']) {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(ConfigError);
    }
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: erwartet die Anzahl der Proxys/);
  });

  it('gives Fastify a hop function for a count', () => {
    const trust = fastifyTrustProxy(1);
    expect(typeof trust === 'function' && [trust('10.0.0.1', 0), trust('10.0.0.2', 1)]).toEqual([true, false]);
    expect(fastifyTrustProxy(undefined)).toBe(false);
  });
});

describe('X-Forwarded-For without TRUST_PROXY', () => {
  it('warns once in the log that the limits see only the proxy (an upgrade that trusted APP_ORIGIN)', async () => {
    const app = await createTestApp();
    const warn = vi.spyOn(app.log, 'warn');
    await app.inject({ method: 'GET', url: '/api/health' });
    expect(warn).not.toHaveBeenCalled();
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('TRUST_PROXY');
  });
});
