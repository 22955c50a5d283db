import { deriveOrganizationKeys, generateOrganizationSecret, publicKeysToBase64Url } from '@sanidok/crypto';
import type { PatientData, PatientProtocol, Service } from '@sanidok/schema';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { OutboxRow, SaniDokDb } from '../../../../src/data/db';
import { renderSignedIn, runningService, seedSignedIn, serviceId } from '../../minorTreatments/minorTreatments.fixtures';
import { protocolRow } from '../treatment/treatmentFixtures';

// The edit page /patient-protocols/{id} on testUser's device, seeded as a pull of an active
// protocol leaves it (protocol row version 5, patient data version 31), through the real routes.

export { protocolId } from '../treatment/treatmentFixtures';
export { serviceId };

export const jürgen: PatientData = {
  firstName: 'Jürgen', lastName: 'Müller', dateOfBirth: '1980-04-12', gender: 'männlich', address: 'Hauptstraße 5, 12345 Musterstadt', phone: '0170 1234567',
};

interface SeedOptions {
  protocol?: Partial<PatientProtocol>;
  /** null: the device holds no patient data (archived after the confirmed discharge). */
  patientData?: PatientData | null;
  service?: Partial<Service>;
  /** Organisation 1 with real public keys, so a discharge seals on the device; returns the secret. */
  realKeys?: boolean;
}

export async function seedEditPage(options: SeedOptions = {}): Promise<{ db: SaniDokDb; secret?: Uint8Array }> {
  const db = await seedSignedIn([runningService(serviceId, options.service ?? {})]);
  const protocol = protocolRow({ allergies: 'Penicillin', initialAssessment: 'Wach, orientiert', ...options.protocol });
  await db.protocols.put(protocol);
  const patientData = options.patientData === undefined ? jürgen : options.patientData;
  if (patientData) await db.patientData.put({ protocolId: protocol.id, patientData, version: 31 });
  if (!options.realKeys) return { db };
  const secret = generateOrganizationSecret();
  const keys = publicKeysToBase64Url(await deriveOrganizationKeys(secret));
  await db.organizations.update(1, keys);
  return { db, secret };
}

/**
 * The real route table for testUser. The user-event instance skips the per-event style checks of
 * the default one: on a page this size they cost a tenth of a second per keystroke in jsdom.
 */
export function renderEditPage(path = `/patient-protocols/${protocolRow().id}`) {
  return { ...renderSignedIn(path), user: userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never }) };
}

/**
 * The page is there once its heading shows (after the opening was logged). The first render of a
 * file imports the lazy route cold, which on a busy two-core machine took over the default 5 s.
 */
export const pageHeading = () => screen.findByRole('heading', { level: 1, name: 'Protokoll #3' }, { timeout: 15_000 });

export async function outboxOf(db: SaniDokDb, name: string): Promise<OutboxRow[]> {
  return (await db.outbox.toArray()).filter((row) => row.name === name);
}

/** The toast titled so (the discharge's title also heads the page's notice, so findByText is ambiguous). */
export function findToastTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = [...document.querySelectorAll<HTMLElement>('.mantine-Notification-root')].find(
      (root) => root.querySelector('.mantine-Notification-title')?.textContent === title,
    );
    if (!toast) throw new Error(`Kein Toast mit dem Titel ${title}`);
    return toast;
  });
}
