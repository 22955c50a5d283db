import { randomUUID } from 'node:crypto';
import type { ApiErrorBody } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { json } from '../../helpers/json';
import { createTestApp, registeredClient } from '../../helpers/testApp';

/** The server-held share of a device's PIN unlock and its count of wrong PINs. */
const verifier = (n: number) => `${String(n).padStart(2, '0')}${'v'.repeat(41)}`;

describe('PIN share of a device', () => {
  it('hands the share out for the right verifier only, says how many attempts remain, and destroys it at the fifth wrong PIN', async () => {
    const app = await createTestApp();
    const anna = await registeredClient(app, 'anna');
    const deviceId = randomUUID();
    const enrolled = await anna.post('/api/device/pin', { deviceId, verifier: verifier(1) });
    expect(enrolled.statusCode).toBe(200);
    const { share } = json<{ share: string }>(enrolled);
    expect(share).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await app.db.selectFrom('devicePinShares').selectAll().executeTakeFirstOrThrow();
    expect(stored.share).not.toContain(share);
    expect(stored.verifierHash).not.toContain(verifier(1));

    const right = await anna.post('/api/device/pin/unlock', { deviceId, verifier: verifier(1) });
    expect(json<{ share: string }>(right).share).toBe(share);

    const messages: string[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await anna.post('/api/device/pin/unlock', { deviceId, verifier: verifier(9) });
      expect(wrong.statusCode).toBe(403);
      expect(json<ApiErrorBody>(wrong).code).toBe('PIN_WRONG');
      messages.push(json<ApiErrorBody>(wrong).message);
    }
    expect(messages).toEqual([
      'Falsche PIN. Noch 4 Versuche, danach ist das Passwort nötig.',
      'Falsche PIN. Noch 3 Versuche, danach ist das Passwort nötig.',
      'Falsche PIN. Noch 2 Versuche, danach ist das Passwort nötig.',
      'Falsche PIN. Noch 1 Versuch, danach ist das Passwort nötig.',
    ]);
    const fifth = await anna.post('/api/device/pin/unlock', { deviceId, verifier: verifier(9) });
    expect(fifth.statusCode).toBe(409);
    expect(json<ApiErrorBody>(fifth)).toMatchObject({ code: 'PIN_LOCKED', message: 'Zu viele falsche PINs: Die PIN dieses Geräts ist gelöscht. Bitte mit dem Passwort entsperren.' });
    expect(await app.db.selectFrom('devicePinShares').selectAll().execute()).toEqual([]);

    // The share is gone: even the right PIN no longer opens anything.
    const after = await anna.post('/api/device/pin/unlock', { deviceId, verifier: verifier(1) });
    expect(json<ApiErrorBody>(after)).toMatchObject({ code: 'PIN_LOCKED', message: 'Für dieses Gerät ist keine PIN eingerichtet. Bitte mit dem Passwort entsperren.' });
  });

  it('a right PIN resets the count; parallel wrong guesses each count', async () => {
    const app = await createTestApp();
    const anna = await registeredClient(app, 'anna');
    const deviceId = randomUUID();
    await anna.post('/api/device/pin', { deviceId, verifier: verifier(1) });
    for (let i = 0; i < 3; i += 1) await anna.post('/api/device/pin/unlock', { deviceId, verifier: verifier(2) });
    expect((await anna.post('/api/device/pin/unlock', { deviceId, verifier: verifier(1) })).statusCode).toBe(200);
    const parallel = await Promise.all(Array.from({ length: 6 }, () => anna.post('/api/device/pin/unlock', { deviceId, verifier: verifier(3) })));
    expect(parallel.filter((r) => json<ApiErrorBody>(r).code === 'PIN_LOCKED').length).toBeGreaterThanOrEqual(2);
    expect(await app.db.selectFrom('devicePinShares').selectAll().execute()).toEqual([]);
  });

  it('another user cannot enrol or guess on a device that is not theirs; bad input is a German 400', async () => {
    const app = await createTestApp();
    const anna = await registeredClient(app, 'anna');
    const mallory = await registeredClient(app, 'mallory');
    const deviceId = randomUUID();
    await anna.post('/api/device/pin', { deviceId, verifier: verifier(1) });
    for (const url of ['/api/device/pin', '/api/device/pin/unlock']) {
      const foreign = await mallory.post(url, { deviceId, verifier: verifier(1) });
      expect(foreign.statusCode).toBe(403);
      expect(json<ApiErrorBody>(foreign).message).toBe('Diese Geräte-Kennung gehört zu einem anderen Benutzer.');
    }
    const bad = await anna.post('/api/device/pin/unlock', { deviceId: 'kein-gerät', verifier: '123456' });
    expect(bad.statusCode).toBe(400);
    expect(json<ApiErrorBody>(bad).fields).toMatchObject({ deviceId: 'Ungültige Geräte-Kennung.', verifier: 'Ungültiger PIN-Nachweis.' });
    expect((await app.db.selectFrom('devicePinShares').select('failedAttempts').executeTakeFirstOrThrow()).failedAttempts).toBe(0);
  });
});
