import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { setBetaMode } from '../../../src/domain/settings/systemSettings';
import { Client, createTestApp, validRegistration } from '../../helpers/testApp';
import { json } from '../../helpers/json';
import type { PublicUser } from '@sanidok/schema';

async function addCode(app: FastifyInstance, code: string, values: { maxUses?: number; isActive?: number; expiresAt?: string | null } = {}) {
  return app.db
    .insertInto('betaInviteCodes')
    .values({ code, description: 'Test', createdAt: new Date().toISOString(), ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const usersNamed = async (app: FastifyInstance, username: string) =>
  (await app.db.selectFrom('users').select('id').where('username', '=', username).execute()).length;

describe('beta mode and beta codes', () => {
  it('is off by default and registration needs no code', async () => {
    const app = await createTestApp();
    const client = new Client(app);
    expect((await client.get('/api/beta-mode')).json()).toEqual({ betaModeEnabled: false });
    expect((await client.post('/api/register', { ...validRegistration('karl'), betaCode: 'BETA-GIBT-ESNICHT' })).statusCode).toBe(200);
  });

  it('requires an active, unexpired code that is not used up, and creates nothing otherwise', async () => {
    const app = await createTestApp();
    await setBetaMode(app.db, true, null);
    expect((await new Client(app).get('/api/beta-mode')).json()).toEqual({ betaModeEnabled: true });
    await addCode(app, 'BETA-AAAAAA-AAAAAA', { isActive: 0 });
    await addCode(app, 'BETA-BBBBBB-BBBBBB', { expiresAt: '2020-01-01T00:00:00.000Z' });

    const without = await new Client(app).post('/api/register', validRegistration('lena'));
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ code: 'BETA_CODE_REQUIRED', message: 'Die Registrierung ist derzeit nur mit einem gültigen Beta-Code möglich.' });
    for (const betaCode of ['BETA-XXXXXX-XXXXXX', 'BETA-AAAAAA-AAAAAA', 'BETA-BBBBBB-BBBBBB']) {
      const response = await new Client(app).post('/api/register', { ...validRegistration('lena'), betaCode });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'BETA_CODE_INVALID', fields: { betaCode: 'Der Beta-Code ist ungültig, abgelaufen oder bereits aufgebraucht.' } });
    }
    expect(await usersNamed(app, 'lena')).toBe(0);
  });

  it('records the use with address and browser in the same transaction, until used up', async () => {
    const app = await createTestApp();
    await setBetaMode(app.db, true, null);
    const { id } = await addCode(app, 'BETA-CCCCCC-CCCCCC', { maxUses: 2, expiresAt: '2999-01-01T00:00:00.000Z' });

    const first = await new Client(app).request({
      method: 'POST', url: '/api/register', payload: { ...validRegistration('mia'), betaCode: ' beta-cccccc-cccccc ' },
      headers: { 'user-agent': 'Tablet-Test/1.0' },
    });
    expect(first.statusCode).toBe(200);
    expect((await new Client(app).post('/api/register', { ...validRegistration('nina'), betaCode: 'BETA-CCCCCC-CCCCCC' })).statusCode).toBe(200);
    const third = await new Client(app).post('/api/register', { ...validRegistration('olaf'), betaCode: 'BETA-CCCCCC-CCCCCC' });
    expect(third.statusCode).toBe(400);
    expect(await usersNamed(app, 'olaf')).toBe(0);

    const code = await app.db.selectFrom('betaInviteCodes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(code.usedCount).toBe(2);
    const usage = await app.db.selectFrom('betaCodeUsage').selectAll().where('codeId', '=', id).orderBy('id').execute();
    expect(usage).toHaveLength(2);
    expect(usage[0]).toMatchObject({ userId: json<PublicUser>(first).id, ipAddress: '127.0.0.1', userAgent: 'Tablet-Test/1.0' });
  });

  it('gives the last use of a code to exactly one of two simultaneous registrations', async () => {
    const app = await createTestApp();
    await setBetaMode(app.db, true, null);
    await addCode(app, 'BETA-DDDDDD-DDDDDD');
    const responses = await Promise.all(
      ['paul', 'quirin', 'rosa'].map((name) => new Client(app).post('/api/register', { ...validRegistration(name), betaCode: 'BETA-DDDDDD-DDDDDD' })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect((await app.db.selectFrom('users').select('id').execute()).length).toBe(1);
  });

  it('does not consume a code when the username is taken', async () => {
    const app = await createTestApp();
    await setBetaMode(app.db, true, null);
    const { id } = await addCode(app, 'BETA-EEEEEE-EEEEEE', { maxUses: 5 });
    expect((await new Client(app).post('/api/register', { ...validRegistration('sara'), betaCode: 'BETA-EEEEEE-EEEEEE' })).statusCode).toBe(200);
    expect((await new Client(app).post('/api/register', { ...validRegistration('SARA'), betaCode: 'BETA-EEEEEE-EEEEEE' })).statusCode).toBe(409);
    const code = await app.db.selectFrom('betaInviteCodes').select('usedCount').where('id', '=', id).executeTakeFirstOrThrow();
    expect(code.usedCount).toBe(1);
  });
});
