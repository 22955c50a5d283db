import type { ApiErrorBody, ProcessingRecord } from '@sanidok/schema';
import { adminAlertKinds, patientDataLabels } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { purgeOldAdminAlerts } from '../../../src/domain/admin/alerts';
import { limitAuditLog } from '../../../src/domain/audit';
import { policyMessages } from '../../../src/domain/organizations/policy';
import { json } from '../../helpers/json';
import { addMember } from '../../helpers/organizations';
import { serviceTeam } from '../../helpers/serviceTeam';
import { createTestApp } from '../../helpers/testApp';

const now = '2026-11-24T12:00:00.000Z';
const daysAgo = (n: number, plusMs = 0) => new Date(Date.parse(now) - n * 86_400_000 + plusMs).toISOString();

describe('limits of what the admin area records (docs/deletion.md)', () => {
  it('deletes admin alerts after 90 days, read or not', async () => {
    const app = await createTestApp();
    const alert = (createdAt: string, readAt: string | null) => ({ kind: adminAlertKinds[0], title: 'Fehlversuche', body: 'mallory, Stadtfest, 10.0.0.1', createdAt, readAt, readById: null });
    await app.db.insertInto('adminAlerts').values([alert(daysAgo(90, -1000), null), alert(daysAgo(90, -1000), now), alert(daysAgo(90, 1000), null)]).execute();
    expect(await purgeOldAdminAlerts(app.db, now)).toBe(2);
    expect(await app.db.selectFrom('adminAlerts').select('createdAt').execute()).toEqual([{ createdAt: daysAgo(90, 1000) }]);
  });

  it('shortens audit-log addresses after 7 days and deletes entries after two years', async () => {
    const app = await createTestApp();
    const entry = (createdAt: string, ipAddress: string | null) => ({ actorId: null, actorUsername: 'admin', action: 'user.block', targetType: 'user', targetId: '7', targetName: 'mallory', details: null, ipAddress, createdAt });
    await app.db.insertInto('adminAuditLog').values([
      entry(daysAgo(730, -1000), '192.168.178.20'),
      entry(daysAgo(8), '192.168.178.20'),
      entry(daysAgo(8), '2001:db8:85a3::8a2e:370:7334'),
      entry(daysAgo(6), '192.168.178.20'),
      entry(daysAgo(8), null),
    ]).execute();
    expect(await limitAuditLog(app.db, now)).toBe(1);
    const left = await app.db.selectFrom('adminAuditLog').select(['createdAt', 'ipAddress']).orderBy('id').execute();
    expect(left.map((r) => r.ipAddress)).toEqual(['192.168.*.*', '2001:db8:*', '192.168.178.20', null]);
    // Again: nothing changes (already shortened).
    expect(await limitAuditLog(app.db, now)).toBe(0);
    expect((await app.db.selectFrom('adminAuditLog').select('ipAddress').orderBy('id').execute()).map((r) => r.ipAddress)).toEqual(['192.168.*.*', '2001:db8:*', '192.168.178.20', null]);
  });
});

describe('record of processing activities (Art. 30 GDPR)', () => {
  it("gives owner and admins the organisation's record from its settings; a member gets a German refusal", async () => {
    const { app, owner, medic, orgId } = await serviceTeam();
    const admin = await addMember(app, owner, orgId, 'adam', 'admin');
    await owner.put(`/api/organizations/${orgId}/retention`, { retentionYears: 15 });
    const record = json<ProcessingRecord>(await admin.get(`/api/organizations/${orgId}/processing-record`));
    expect(record.fileName).toMatch(/^Verarbeitungsverzeichnis-DRK-Musterstadt-\d{4}-\d{2}-\d{2}\.md$/);
    expect(record.markdown).toContain('Organisation: DRK Musterstadt');
    expect(record.markdown).toContain('olga');
    expect(record.markdown).toContain('15 Jahre nach der Entlassung bzw. Archivierung');
    for (const label of Object.values(patientDataLabels)) expect(record.markdown).toContain(label);
    expect(record.markdown).toContain('Zugriffsprotokolle: 90 Tage');

    const refused = await medic.get(`/api/organizations/${orgId}/processing-record`);
    expect(refused.statusCode).toBe(403);
    expect(json<ApiErrorBody>(refused).message).toBe(policyMessages.viewProcessingRecord);
  });
});
