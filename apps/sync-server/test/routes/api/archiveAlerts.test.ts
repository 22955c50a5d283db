import { generateOrganizationSecret } from '@sanidok/crypto';
import type { AdminAlertItem, ArchiveKeyFailureBody } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { adminClient } from '../../helpers/admin';
import { createOrganizationWithSecret, openArchive } from '../../helpers/archive';
import { json } from '../../helpers/json';
import { anyString, stringWith } from '../../helpers/matchers';
import { createProtocolVia, dischargePayload } from '../../helpers/protocols';
import { createServiceVia } from '../../helpers/services';
import { createTestApp, registeredClient } from '../../helpers/testApp';

async function setup() {
  const app = await createTestApp();
  const admin = await adminClient(app);
  const owner = await registeredClient(app, 'olga');
  const org = await createOrganizationWithSecret(owner);
  const service = await createServiceVia(owner, org.id);
  const { protocol } = await createProtocolVia(owner, service.id, { patientData: { firstName: 'Hanna', lastName: 'Wiesengrund' } });
  expect((await owner.patch(`/api/patient-protocols/${protocol.id}/discharge`, dischargePayload)).statusCode).toBe(200);
  const wrongKey = async () => json<ArchiveKeyFailureBody>(await openArchive(owner, org.id, service.id, generateOrganizationSecret()));
  return { app, admin, owner, org, wrongKey };
}

/** Archive alerts (docs/security.md, "Archive alerts"): alerts that arrive, and an answer that says so only when they did. */
describe('archive alerts', () => {
  it('reach the admins\' inbox without any e-mail address, and the owner by mail; an admin marks them read', async () => {
    const { app, admin, wrongKey } = await setup();
    // The first admin of a fresh installation has no address (ADMIN_USERNAME/ADMIN_PASSWORD only).
    expect(await app.db.selectFrom('users').select('email').where('isAdmin', '=', 1).execute()).toEqual([{ email: null }]);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await wrongKey());
    expect(answers.map((a) => a.adminNotified)).toEqual([false, false, false, false, true]);

    const inbox = json<AdminAlertItem[]>(await admin.get('/api/admin/alerts'));
    expect(inbox).toEqual([expect.objectContaining({ kind: 'archive_access_alert', title: '5 Fehlversuche am Patientenarchiv', body: stringWith('Benutzer olga'), readAt: null })]);
    await app.mailer.flush();
    const mails = await app.db.selectFrom('emailLogs').select(['templateName', 'toEmail']).where('templateName', 'like', 'archive_access_alert%').execute();
    expect(mails).toEqual([{ templateName: 'archive_access_alert_owner', toEmail: 'olga@example.de' }]);

    const read = json<AdminAlertItem>(await admin.patch(`/api/admin/alerts/${inbox[0]?.id}/read`));
    expect(read).toMatchObject({ readByName: 'plattform', readAt: anyString() });
    expect((await admin.patch('/api/admin/alerts/999999/read')).statusCode).toBe(404);
  });

  it('does not claim "notified" when no platform admin can read the inbox', async () => {
    const { app, wrongKey } = await setup();
    await app.db.updateTable('users').set({ isBlocked: 1 }).where('isAdmin', '=', 1).execute();
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await wrongKey());
    expect(answers.at(-1)).toMatchObject({ failureCount: 5, adminNotified: false });
  });
});
