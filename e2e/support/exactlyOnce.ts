import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { deviceTreatments, outboxSummary } from './device';
import { storedTreatmentRecords } from './serverAtRest';
import { storedTreatments } from './serverDb';

export interface CaptureDevice {
  page: Page;
  userId: number;
  serviceId: string;
}

/**
 * Server and device agree, with nothing lost and nothing twice: the server's table holds each
 * captured treatment once (and one usage row for it), each with its own patient name (opened with
 * the server's data key: REST answers no names, ./serverAtRest.ts), nothing is quarantined, the
 * outbox is empty and the device holds the same set.
 * `captured`: id → patient name as typed on the device.
 */
export async function expectExactlyOnce(databasePath: string, device: CaptureDevice, captured: ReadonlyMap<string, string>): Promise<void> {
  const stored = storedTreatments(databasePath, device.serviceId);
  expect(stored.quarantined).toBe(0);
  expect(stored.ids).toHaveLength(captured.size);
  expect(new Set(stored.ids)).toEqual(new Set(captured.keys()));
  expect(stored.usagePerTreatment.size).toBe(captured.size);
  expect([...stored.usagePerTreatment.values()].every((n) => n === 1)).toBe(true);

  const names = await storedTreatmentRecords(databasePath, device.serviceId);
  expect(names).toHaveLength(captured.size);
  for (const t of names) expect(t.patientName, t.id).toBe(captured.get(t.id));

  expect(await outboxSummary(device.page, device.userId)).toEqual({ pending: 0, rejected: 0, messages: [] });
  expect(await deviceTreatments(device.page, device.userId, device.serviceId)).toEqual(captured);
}
