import type { MaterialUsage } from './minorTreatments';
import { entityId } from './services';
import { z } from './zodConfig';

/**
 * The command-post board of a service (`/services/{id}/board`): the manual diary entry
 * (a synced entity), the live event that tells open boards to pull, the team's device status and
 * the shared display rules (discharge outcomes, materials running low). docs/decisions.md
 * "Command-post board".
 */

export const diaryMessages = {
  textRequired: 'Bitte geben Sie einen Text für den Tagebucheintrag ein',
  textLong: 'Ein Tagebucheintrag darf höchstens 1000 Zeichen lang sein',
  timeInvalid: 'Ungültige Uhrzeit',
} as const;

export const DIARY_TEXT_MAX = 1000;

/** The dialog's field. */
export const diaryEntryFormSchema = z.object({
  text: z.string({ error: diaryMessages.textRequired }).trim().min(1, diaryMessages.textRequired).max(DIARY_TEXT_MAX, diaryMessages.textLong),
});
export type DiaryEntryFormValues = z.input<typeof diaryEntryFormSchema>;

/** 'diaryEntry.create': made offline on a device; `occurredAt` is the device time of the entry (kept as the real time). */
export const createDiaryEntrySchema = diaryEntryFormSchema.extend({
  id: entityId,
  serviceId: entityId,
  occurredAt: z.iso.datetime({ offset: true, error: diaryMessages.timeInvalid }),
});
export type CreateDiaryEntryInput = z.input<typeof createDiaryEntrySchema>;

/** One manual diary entry as pulls carry it. */
export interface DiaryEntry {
  id: string;
  serviceId: string;
  organizationId: number;
  text: string;
  occurredAt: string;
  authorId: number | null;
  authorName: string | null;
  createdAt: string;
}

/** One device of a team member: when the server last heard of it and how many changes it still holds. */
export interface BoardDevice {
  /** The last 6 characters of the device id (its random part): tells two tablets of one user apart, names nothing. */
  deviceLabel: string;
  lastSeenAt: string;
  /** Outbox rows the device reported at its last push or pull; null = an app too old to report it. */
  pendingCount: number | null;
}

export interface BoardTeamMember {
  userId: number;
  username: string;
  fullName: string | null;
  devices: BoardDevice[];
}

/** GET /api/services/{id}/board: what only the server knows (other devices); everything else the board reads from the device. */
export interface BoardStatus {
  serviceId: string;
  team: BoardTeamMember[];
  /** The change counter when the status was read: the board's "as of". */
  version: number;
  readAt: string;
}

/** Devices shown per member (the most recently seen). */
export const BOARD_DEVICES_PER_MEMBER = 5;

/**
 * The query of the event stream (`GET /api/services/{id}/events`). `Last-Event-ID` (header, or this
 * query for clients that cannot set headers) is the last change counter the board saw.
 */
export const boardEventsQuerySchema = z.object({
  lastEventId: z.string().max(40).optional(),
});

/** The `data` of a `change` event: no patient data, only "this service may have changed up to version V". */
export interface BoardChangeEvent {
  serviceId: string;
  version: number;
}

/** A pushed or pulled count of the device's outbox (push body `pendingCount`, pull query `pending`). */
export const pendingCountSchema = z.coerce.number().int().min(0).max(1_000_000);

/**
 * Materials running low. The catalogue has no stock or minimum (docs/decisions.md "Command-post
 * board"): a material counts as running low on a service once its consumption not yet refilled
 * reaches this many units — a kit's usual depth.
 */
export const LOW_MATERIAL_OPEN_UNITS = 5;

/** Open (not refilled) units per material of one service, those at or over the threshold, most first. */
export function lowMaterials(usage: readonly Pick<MaterialUsage, 'materialId' | 'quantity' | 'refilledAt'>[]): { materialId: number; openUnits: number }[] {
  const open = new Map<number, number>();
  for (const row of usage) if (row.refilledAt === null) open.set(row.materialId, (open.get(row.materialId) ?? 0) + row.quantity);
  return [...open].filter(([, units]) => units >= LOW_MATERIAL_OPEN_UNITS)
    .map(([materialId, openUnits]) => ({ materialId, openUnits }))
    .sort((a, b) => b.openUnits - a.openUnits || a.materialId - b.materialId);
}

