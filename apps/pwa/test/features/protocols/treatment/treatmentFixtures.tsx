import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { PatientProtocol, Service, TreatmentEntry } from '@sanidok/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { expect } from 'vitest';
import { theme } from '../../../../src/app/theme';
import type { OutboxRow, SaniDokDb } from '../../../../src/data/db';
import { useProtocolView } from '../../../../src/data/protocolHooks';
import { TreatmentEditor } from '../../../../src/features/protocols/treatment/TreatmentEditor';
import { runningService, seedSignedIn, serviceId } from '../../minorTreatments/minorTreatments.fixtures';
import { protocolRow as baseProtocolRow } from '../list/list.fixtures';

// The treatment editor on its own, fed by the live protocol view as the edit page feeds it, on
// testUser's device database seeded as a pull would have left it.

export const protocolId = '01900000-0000-7000-8000-0000000000aa';

export function protocolRow(overrides: Partial<PatientProtocol> = {}): PatientProtocol {
  return baseProtocolRow(protocolId, {
    serviceProtocolNumber: 3, chiefComplaint: 'Sturz vom Fahrrad', helper1: 'Lena Berg', helper2: 'Max Muster',
    createdAt: '2026-07-04T12:00:00.000Z', updatedAt: '2026-07-04T12:00:00.000Z', version: 5, ...overrides,
  });
}

export function entryRow(n: number, overrides: Partial<TreatmentEntry> = {}): TreatmentEntry {
  return {
    id: `01900000-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`, protocolId, organizationId: 1, time: '14:00', text: `Maßnahme ${n}`,
    performer: 'helfer1', performerName: null, createdAt: `2026-07-04T12:${String(n).padStart(2, '0')}:00.000Z`, recordedById: 7, ...overrides,
  };
}

export async function seedProtocol(options: { protocol?: Partial<PatientProtocol>; service?: Partial<Service>; entries?: TreatmentEntry[] } = {}): Promise<SaniDokDb> {
  const db = await seedSignedIn([runningService(serviceId, options.service ?? {})]);
  await db.protocols.put(protocolRow(options.protocol));
  if (options.entries) await db.treatmentEntries.bulkPut(options.entries);
  return db;
}

function LiveEditor({ editable }: { editable: boolean }) {
  const view = useProtocolView(protocolId);
  return view ? <TreatmentEditor view={view} editable={editable} /> : null;
}

export function renderEditor(editable = true) {
  // No CSS is loaded in jsdom, so the pointer-events walk up the tree per event only costs time.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <LiveEditor editable={editable} />
    </MantineProvider>,
  );
  return { user };
}

/** What a 'treatmentEntry.add' outbox row carries to the server. */
export interface EntryArgs {
  id: string;
  protocolId: string;
  time: string;
  text: string;
  performer: string;
  performerName: string | null;
  createdAt: string;
}

export async function treatmentRows(db: SaniDokDb): Promise<(OutboxRow & { args: EntryArgs })[]> {
  const rows = (await db.outbox.toArray()).filter((row) => row.name === 'treatmentEntry.add');
  return rows.map((row) => ({ ...row, args: row.args as EntryArgs }));
}

/** The lines of 'Dokumentierte Maßnahmen', once it has this many. */
export async function entryLines(count: number): Promise<string[]> {
  let lines: string[] = [];
  await waitFor(() => {
    const list = screen.getByRole('list', { name: 'Dokumentierte Maßnahmen' });
    lines = within(list).getAllByRole('listitem').map((item) => item.querySelector('[data-entry-line]')?.textContent ?? '');
    expect(lines).toHaveLength(count);
  });
  return lines;
}
