import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { PatientData, VitalParameterType } from '@sanidok/schema';
import { configure, render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { theme } from '../../../../src/app/theme';
import type { SaniDokDb } from '../../../../src/data/db';
import { pendingRows } from '../../../../src/data/outbox';
import type { LocalProtocol, ProtocolView } from '../../../../src/data/repositories/protocols';
import { createProtocol } from '../../../../src/data/repositories/protocols';
import { openTestDb, seedOrganizations, serverService } from '../../../helpers/sync';
import { protocolRow as baseProtocolRow } from '../list/list.fixtures';

// Shared fixtures of the vital-sign component tests: a signed-in device with one open protocol
// (the real repositories write to fake-indexeddb), and plain views for the read-only parts.

configure({ asyncUtilTimeout: 5000 });

export const serviceId = '0190a000-0000-7000-8000-0000000000a1';
export const protocolId = '0190a000-0000-7000-8000-0000000000b1';

/** A device with organisation 1, a service and one active protocol; returns the db and the id. */
export async function deviceWithProtocol(patientData: Partial<PatientData> = { dateOfBirth: '1980-04-02' }): Promise<{ db: SaniDokDb; id: string }> {
  const db = openTestDb();
  await seedOrganizations(db, 1);
  await db.services.put(serverService(serviceId, 1));
  const id = await createProtocol({ serviceId, patientData: { firstName: 'Erika', lastName: 'Mustermann', ...patientData } });
  // Only the measurements of the test count.
  await db.outbox.clear();
  return { db, id };
}

/** The values of the 'vitals.record' rows waiting in the outbox. */
export async function recordedValues(db: SaniDokDb): Promise<unknown[]> {
  const rows = (await pendingRows(db)).filter((row) => row.name === 'vitals.record');
  return rows.map((row) => (row.args as { values: unknown[] }).values);
}

/** Mantine with the app's theme and the toasts, without the router or the sync engine. */
export function renderUi(ui: ReactElement) {
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications limit={1} />
      {ui}
    </MantineProvider>,
  );
  return { ...view, user };
}

/** The toast with this title (waits for it). */
export async function findToast(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title);
  const toast = heading.closest<HTMLElement>('.mantine-Notification-root');
  if (!toast) throw new Error(`Kein Toast mit dem Titel ${title}`);
  return toast;
}

export function protocolRow(overrides: Partial<LocalProtocol> = {}): LocalProtocol {
  return baseProtocolRow(protocolId, {
    serviceId, serviceName: 'Stadtfest', serviceProtocolNumber: 3, createdAt: '2026-07-04T12:00:00.000Z', updatedAt: '2026-07-04T12:00:00.000Z', version: 1, ...overrides,
  });
}

type Value = [VitalParameterType, string, string?];

let nextValue = 1;
/** A stored measurement; values as [type, value, unit]. */
export function measurement(n: number, recordedAt: string, values: Value[]) {
  return {
    id: `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    protocolId,
    organizationId: 1,
    recordedAt,
    recordedById: 7,
    values: values.map(([parameterType, value, unit]) => ({
      id: `0190a000-0000-7000-9000-${String(nextValue++).padStart(12, '0')}`,
      parameterType,
      value,
      unit: unit ?? null,
    })),
  };
}

/** A view as the edit page reads it; patient data null = discharged (data went to the archive). */
export function viewWith(vitals: ReturnType<typeof measurement>[], patientData: PatientData | null = { firstName: 'Erika', lastName: 'Mustermann', dateOfBirth: '1980-04-02' }): ProtocolView {
  return { protocol: protocolRow(), patientData, patientDataVersion: patientData ? 1 : null, vitals, entries: [] };
}
