import { serviceRuleMessages } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import type { SaniDokDb } from '../../src/data/db';
import { dischargeProtocol, createProtocol } from '../../src/data/repositories/protocols';
import { archiveService, completeService, createService, deleteService, markServiceReviewed, updateService } from '../../src/data/repositories/services';
import { organization, openTestDb, refusalText, serverService, validService } from '../helpers/sync';

/**
 * What the server refuses for a rule the device can know is refused on the
 * device, in German, before anything is queued (the table: docs/sync-protocol.md "Refusals the
 * device mirrors"). Each case checks the text and that neither row nor outbox changed.
 */

const serviceId = '0190a000-0000-7000-8000-0000000000a1';
const ended = { startDate: '2026-06-01T08:00:00.000Z', endDate: '2026-06-01T18:00:00.000Z' };
const running = { startDate: '2026-01-01T08:00:00.000Z', endDate: '2099-01-01T18:00:00.000Z' };

async function device(role: 'owner' | 'admin' | 'member', overrides: Parameters<typeof serverService>[2] = {}, blocked = false): Promise<SaniDokDb> {
  const db = openTestDb();
  await db.organizations.put({ ...organization(1), role, isBlocked: blocked });
  await db.services.put(serverService(serviceId, 1, { ...ended, ...overrides }));
  return db;
}

async function expectRefused(db: SaniDokDb, write: Promise<unknown>, text: string): Promise<void> {
  const before = await db.services.get(serviceId);
  expect(await refusalText(write)).toBe(text);
  expect(await db.outbox.count()).toBe(0);
  expect(await db.services.get(serviceId)).toEqual(before);
}

describe('service rules mirrored on the device', () => {
  it('refuses to delete a service that has protocols, and says why', async () => {
    const db = await device('owner', running);
    await createProtocol({ serviceId, patientData: { firstName: 'Erika', lastName: 'Mustermann' }, chiefComplaint: 'Kreislauf', materials: [] });
    await db.outbox.clear();
    await expectRefused(db, deleteService(serviceId), serviceRuleMessages.hasProtocols);
  });

  it('deletes a service without protocols', async () => {
    const db = await device('owner');
    await deleteService(serviceId);
    expect(await db.services.get(serviceId)).toBeUndefined();
    expect((await db.outbox.toArray()).map((r) => r.name)).toEqual(['service.delete']);
  });

  it('leaves planning to owner and admins: a member may not create, edit, archive, complete or delete', async () => {
    const db = await device('member');
    const refused = serviceRuleMessages.notAllowed;
    expect(await refusalText(createService(validService()))).toBe(refused);
    await expectRefused(db, updateService(serviceId, { name: 'Neu' }), refused);
    await expectRefused(db, archiveService(serviceId), refused);
    await expectRefused(db, completeService(serviceId), refused);
    await expectRefused(db, deleteService(serviceId), refused);
    await expectRefused(db, markServiceReviewed(serviceId), refused);
  });

  it('lets an admin plan', async () => {
    const db = await device('admin');
    await archiveService(serviceId);
    expect((await db.services.get(serviceId))?.status).toBe('archived');
  });

  it('archives only an ended service, and never twice', async () => {
    const db = await device('owner', running);
    await expectRefused(db, archiveService(serviceId), serviceRuleMessages.archiveOnlyEnded);
    await db.services.update(serviceId, { status: 'archived' });
    await expectRefused(db, archiveService(serviceId), serviceRuleMessages.alreadyArchived);
    await expectRefused(db, completeService(serviceId), serviceRuleMessages.alreadyArchived);
  });

  it('refuses an end before the stored start', async () => {
    const db = await device('owner');
    await expectRefused(db, updateService(serviceId, { endDate: '2026-05-31T08:00:00.000Z' }), serviceRuleMessages.endBeforeStart);
  });

  it('refuses every planning change of a blocked service or organisation (423 on the server)', async () => {
    const blockedService = await device('owner', { isBlocked: true });
    expect(await refusalText(updateService(serviceId, { name: 'Neu' }))).toContain('gesperrt');
    expect(await blockedService.outbox.count()).toBe(0);
    const blockedOrganization = await device('owner', {}, true);
    expect(await refusalText(createService(validService()))).toContain('gesperrt');
    expect(await refusalText(deleteService(serviceId))).toContain('gesperrt');
    expect(await blockedOrganization.services.get(serviceId)).toBeDefined();
    expect(await blockedOrganization.outbox.count()).toBe(0);
  });

  it('refuses the discharge of an open protocol of an archived service (archiving sealed it)', async () => {
    const db = await device('owner', running);
    const id = await createProtocol({ serviceId, patientData: { firstName: 'Erika', lastName: 'Mustermann' }, chiefComplaint: 'Kreislauf', materials: [] });
    await db.services.update(serviceId, { status: 'archived' });
    const outbox = await db.outbox.count();
    const text = await refusalText(dischargeProtocol(id, { dischargeStatus: 'stabil', dischargeOutcome: 'released', dischargeDestination: 'Klinikum', handoverTo: 'RTW 1' }));
    expect(text).toContain('abgeschlossen');
    expect(await db.outbox.count()).toBe(outbox);
  });
});
