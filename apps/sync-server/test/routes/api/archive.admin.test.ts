import { decryptAtRest, deriveOrganizationKeys, generateOrganizationSecret, openSealedPatientData } from '@sanidok/crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminClient } from '../../helpers/admin';
import { archiveUrls, createOrganizationWithSecret, requestChallenge } from '../../helpers/archive';
import { addMember } from '../../helpers/organizations';
import { createProtocolVia, dischargePayload } from '../../helpers/protocols';
import { createServiceVia } from '../../helpers/services';
import { createTestApp, registeredClient } from '../../helpers/testApp';
import type { SealedEnvelope } from '@sanidok/schema';
import { tableNames } from '../../helpers/databaseContent';

/**
 * The landing page's promise (docs/spec/accounts.md §1, §6): after discharge only the organisation owner can read
 * patient data; platform administrators cannot — not through the API, and not with what the
 * platform holds (database and DATA_KEY).
 */
describe('a platform admin cannot read archived patient data', () => {
  it('gets nothing through the API, and the database with the data key opens nothing', async () => {
    const app = await createTestApp();
    const admin = await adminClient(app);
    const owner = await registeredClient(app, 'olga');
    const org = await createOrganizationWithSecret(owner);
    const medic = await addMember(app, owner, org.id, 'mona');
    const service = await createServiceVia(owner, org.id);
    const { protocol } = await createProtocolVia(medic, service.id, { patientData: { firstName: 'Ottilie', lastName: 'Wendelstein', address: 'Am Anger 3' } });
    expect((await medic.patch(`/api/patient-protocols/${protocol.id}/discharge`, dischargePayload)).statusCode).toBe(200);
    await app.archive.flush();
    const urls = archiveUrls(org.id, service.id);

    // The API: the archive is the owner's; the admin area shows counts only.
    expect((await admin.get(urls.services)).statusCode).toBe(403);
    expect((await admin.post(urls.challenge, {})).statusCode).toBe(403);
    const ownersChallenge = await requestChallenge(owner, org.id, service.id);
    expect((await admin.post(urls.protocols, { proof: { challengeId: ownersChallenge.challengeId, signature: 'A'.repeat(86) } })).statusCode).toBe(403);
    expect((await admin.post(`/api/organizations/${org.id}/generate-key`, {})).statusCode).toBe(404);
    const adminBodies = await Promise.all(
      ['/api/admin/users', '/api/admin/organizations', '/api/admin/services', '/api/admin/summary', '/api/admin/archive-access-failures', `/api/patient-protocols/${protocol.id}`]
        .map(async (url) => (await admin.get(url)).body),
    );
    const sealed = await app.db.selectFrom('sealedPatientData').selectAll().executeTakeFirstOrThrow();
    for (const body of adminBodies) {
      for (const text of ['Ottilie', 'Wendelstein', 'Am Anger', (JSON.parse(sealed.envelope) as SealedEnvelope).ct]) expect(body).not.toContain(text);
    }

    // The platform's own means: the data key decrypts every server-key envelope in the database —
    // none of them holds this patient's data any more.
    const found: string[] = [];
    for (const name of await tableNames(app)) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(app.db);
      for (const row of rows.rows) for (const value of Object.values(row)) if (typeof value === 'string') found.push(value);
    }
    expect(found.join('\n')).not.toMatch(/Ottilie|Wendelstein|Am Anger/);
    const protocolContexts = [`protocol_patient_data:${protocol.id}`, `field_revisions:patientData:${protocol.id}:firstName`];
    for (const value of found.filter((v) => /^v1\.[\w-]+\.[\w-]+$/.test(v))) {
      for (const context of protocolContexts) {
        await expect(decryptAtRest(app.config.dataKey, value, context)).rejects.toThrow();
      }
    }
    // The sealed record is HPKE to the organisation key: not a data-key envelope, and no other
    // key opens it — only the owner's secret does.
    await expect(decryptAtRest(app.config.dataKey, sealed.envelope, protocolContexts[0] ?? '')).rejects.toThrow();
    const context = { organizationId: org.id, protocolId: protocol.id };
    await expect(openSealedPatientData(await deriveOrganizationKeys(generateOrganizationSecret()), context, { ...(JSON.parse(sealed.envelope) as SealedEnvelope) })).rejects.toThrow();
    expect((await openSealedPatientData(org.secret, context, sealed.envelope)).patientData.lastName).toBe('Wendelstein');
  });
});
