import { randomUUID } from 'node:crypto';
import type { ManvIncident } from '@sanidok/schema';
import type { SaniDokDb } from '../../../src/data/db';
import { openManvIncident } from '../../../src/data/repositories/manv';
import { openTestDb, organization, serverService } from '../../helpers/sync';

/** A running service of an organisation the user owns, with a MANV opened on this device. */
export async function incidentOnDevice(): Promise<{ db: SaniDokDb; incident: ManvIncident }> {
  const db = openTestDb();
  await db.organizations.bulkPut([{ ...organization(1, 'DRK Müllheim'), role: 'owner' }]);
  const serviceId = randomUUID();
  await db.services.put(serverService(serviceId, 1));
  const incidentId = await openManvIncident(serviceId, { name: 'Bühne', startedAt: new Date().toISOString(), blueEnabled: false });
  const incident = await db.manvIncidents.get(incidentId);
  if (!incident) throw new Error('Kein MANV auf dem Gerät');
  return { db, incident };
}
