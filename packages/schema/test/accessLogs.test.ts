import { describe, expect, it } from 'vitest';
import { maskIpAddress } from '../src';

describe('maskIpAddress', () => {
  it('keeps the first two parts and masks the rest', () => {
    expect(maskIpAddress('192.168.178.20')).toBe('192.168.*.*');
    expect(maskIpAddress('::ffff:127.0.0.1')).toBe('127.0.*.*');
    expect(maskIpAddress('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:*');
    expect(maskIpAddress('192.168.*.*')).toBe('192.168.*.*');
    expect(maskIpAddress(null)).toBe('-');
    expect(maskIpAddress('::1')).toBe('*');
  });
});
