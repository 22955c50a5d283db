import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, parseEnv } from '../../src/config/config';

describe('TRUST_PROXY', () => {
  it('is off by default and with false or 0', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    // APP_ORIGIN alone no longer trusts X-Forwarded-For (issue 15).
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
