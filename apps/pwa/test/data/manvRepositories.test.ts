import { randomUUID } from 'node:crypto';
import { countManv, syncMutations } from '@sanidok/schema';
import { describe, expect, it } from 'vitest';
import { findManvTag, openManvIncident, recordManvTransport, recordManvTriage, registerManvTag, updateManvPatient } from '../../src/data/repositories/manv';
import { purgeOutsideScope } from '../../src/sync/purgeScope';
import { openTestDb, organization, refusalText, serverService } from '../helpers/sync';

/** MANV on the device: local rules, outbox rows, phases, purge by scope. */

async function seed(role: 'owner' | 'admin' | 'member') {
  const db = openTestDb();
  await db.organizations.bulkPut([{ ...organization(1, 'DRK Müllheim'), role }]);
  const serviceId = randomUUID();
  await db.services.put(serverService(serviceId, 1));
  return { db, serviceId };
}

const paramedic = { algorithm: 'mstart', qualification: 'paramedic' } as const;

describe('MANV on the device', () => {
  it('only owner and admins open an incident', async () => {
    const { serviceId } = await seed('member');
    expect(await refusalText(openManvIncident(serviceId, { name: 'Übung', startedAt: new Date().toISOString(), blueEnabled: false }))).toBe(
      'Nur der Inhaber oder ein Administrator darf einen MANV eröffnen, ändern oder beenden.',
    );
  });

  it('registers a tag with its first triage in one outbox row; later triages are re-triages; a number twice is refused', async () => {
    const { db, serviceId } = await seed('admin');
    const incidentId = await openManvIncident(serviceId, { name: 'Bühne', startedAt: new Date().toISOString(), blueEnabled: false });
    const patientId = await registerManvTag({ incidentId, tagNumber: ' a-7 ', person: { name: 'Erika' }, triage: { category: 'sk2', ...paramedic } });
    expect(await findManvTag(db, incidentId, 'A-7')).toMatchObject({ id: patientId, tagNumber: 'A-7', name: 'Erika' });
    await recordManvTriage(patientId, { category: 'sk1', algorithm: 'none', qualification: 'physician' });
    await recordManvTriage(patientId, { category: 'sk1', ...paramedic });
    const phases = (await db.manvTriages.where('patientId').equals(patientId).toArray()).sort((a, b) => a.triagedAt.localeCompare(b.triagedAt) || a.id.localeCompare(b.id));
    expect(phases.map((t) => t.phase)).toEqual(['pre_triage', 'triage', 're_triage']);
    expect(await refusalText(registerManvTag({ incidentId, tagNumber: 'A-7', triage: { category: 'sk3', ...paramedic } }))).toBe(
      'Diese Anhängekartennummer ist in diesem MANV schon erfasst.',
    );
    expect(await refusalText(recordManvTriage(patientId, { category: 'sk4', ...paramedic }))).toBe('Die Sichtungskategorie SK IV (blau) ist für diesen MANV abgeschaltet.');
    const outbox = await db.outbox.orderBy('seq').toArray();
    expect(outbox.map((row) => row.name)).toEqual(['manvIncident.open', 'manvPatient.register', 'manvTriage.record', 'manvTriage.record']);
    for (const row of outbox) expect(() => syncMutations[row.name as 'manvPatient.register'].schema.parse(row.args)).not.toThrow();
  });

  it('a transport and a triage after it: both kept, the counts flag the late one', async () => {
    const { db, serviceId } = await seed('owner');
    const incidentId = await openManvIncident(serviceId, { name: 'Bühne', startedAt: new Date().toISOString(), blueEnabled: true });
    const patientId = await registerManvTag({ incidentId, tagNumber: '1', triage: { category: 'sk2', ...paramedic } });
    await recordManvTransport(patientId, { priority: 'high', means: 'rtw', destination: 'Klinikum', position: 'lying', departedAt: new Date(Date.now() - 1000).toISOString() });
    await recordManvTriage(patientId, { category: 'sk4', algorithm: 'none', qualification: 'physician' });
    const counts = countManv(await db.manvPatients.toArray(), await db.manvTriages.toArray());
    expect(counts).toMatchObject({ patients: 1, transported: 1, lateTriagePatients: 1 });
    expect(counts.byCategory.sk4.total).toBe(1);
  });

  it('a merged duplicate counts once; purge by scope drops tags of services off the team once synced', async () => {
    const { db, serviceId } = await seed('owner');
    const incidentId = await openManvIncident(serviceId, { name: 'Bühne', startedAt: new Date().toISOString(), blueEnabled: false });
    const first = await registerManvTag({ incidentId, tagNumber: '5', triage: { category: 'sk3', ...paramedic } });
    // The same number from another tablet, as a pull brings it.
    const second = randomUUID();
    const original = await db.manvPatients.get(first);
    if (!original) throw new Error('Karte fehlt');
    await db.manvPatients.put({ ...original, id: second, createdAt: new Date().toISOString() });
    expect(countManv(await db.manvPatients.toArray(), await db.manvTriages.toArray()).tagConflicts).toBe(1);
    await updateManvPatient(second, { duplicateOf: first });
    expect(countManv(await db.manvPatients.toArray(), await db.manvTriages.toArray())).toMatchObject({ patients: 1, tagConflicts: 0 });

    await purgeOutsideScope(db, []);
    expect(await db.manvPatients.count()).toBe(2);
    await db.outbox.clear();
    await purgeOutsideScope(db, []);
    expect(await db.manvPatients.count()).toBe(0);
    expect(await db.manvTriages.count()).toBe(0);
    expect(await db.manvIncidents.count()).toBe(1);
  });
});
