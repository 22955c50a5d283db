import { describe, expect, it } from 'vitest';
import { decryptAtRest, encryptAtRest } from '../src/atRest';
import { randomToken } from '../src/random';

describe('AES-256-GCM at rest', () => {
  const key = randomToken(32);

  it('round-trips text with umlauts and never repeats a ciphertext', async () => {
    const a = await encryptAtRest(key, 'Jürgen Müßig', 'minor_treatments:1');
    const b = await encryptAtRest(key, 'Jürgen Müßig', 'minor_treatments:1');
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Jürgen');
    expect(await decryptAtRest(key, a, 'minor_treatments:1')).toBe('Jürgen Müßig');
  });

  it('refuses another key, another context and a changed byte', async () => {
    const envelope = await encryptAtRest(key, 'Anna', 'row:1');
    await expect(decryptAtRest(randomToken(32), envelope, 'row:1')).rejects.toThrow();
    await expect(decryptAtRest(key, envelope, 'row:2')).rejects.toThrow();
    const tampered = envelope.slice(0, -2) + (envelope.endsWith('A') ? 'BA' : 'AA');
    await expect(decryptAtRest(key, tampered, 'row:1')).rejects.toThrow();
    await expect(decryptAtRest(key, 'v2.x.y', 'row:1')).rejects.toThrow('Unbekanntes Verschlüsselungsformat');
    await expect(encryptAtRest('kurz', 'x', 'c')).rejects.toThrow('DATA_KEY muss 32 Byte lang sein');
  });
});
