import type { DischargeOutcome } from '@sanidok/schema';
import { dischargeOutcomes, lowMaterials } from '@sanidok/schema';
import type { BoardData } from '../../data/boardHooks';
import type { boardDe } from '../../i18n/board.de';

/**
 * What the board shows, computed from the device's rows (pure: tested in test/features/board/).
 * No function here returns a patient name: the screen joins names only outside wall mode.
 */

export interface OpenProtocolRow {
  id: string;
  number: number;
  createdAt: string;
  ageMinutes: number;
  needsReview: boolean;
}

/** Open (active) protocols, longest open first. */
export function openProtocols(data: Pick<BoardData, 'protocols'>, now: Date): OpenProtocolRow[] {
  return data.protocols.filter((p) => p.status === 'active')
    .map((p) => ({ id: p.id, number: p.serviceProtocolNumber, createdAt: p.createdAt, ageMinutes: Math.max(0, Math.floor((now.getTime() - Date.parse(p.createdAt)) / 60_000)), needsReview: p.needsReview }))
    .sort((a, b) => b.ageMinutes - a.ageMinutes || a.number - b.number);
}

export interface HourBucket {
  /** Start of the hour (ISO). */
  hour: string;
  count: number;
}

/** Minor treatments per clock hour, from the first treatment's hour (or `hours` back) to now; at most `hours` buckets. */
export function treatmentsPerHour(data: Pick<BoardData, 'minorTreatments'>, now: Date, hours = 12): HourBucket[] {
  const hourMs = 3_600_000;
  const current = Math.floor(now.getTime() / hourMs) * hourMs;
  const times = data.minorTreatments.map((t) => Date.parse(t.createdAt)).filter((t) => !Number.isNaN(t));
  const first = times.length ? Math.floor(Math.min(...times) / hourMs) * hourMs : current;
  const start = Math.max(first, current - (hours - 1) * hourMs);
  const buckets: HourBucket[] = [];
  for (let hour = start; hour <= current; hour += hourMs) buckets.push({ hour: new Date(hour).toISOString(), count: 0 });
  for (const time of times) {
    const bucket = buckets[Math.floor((time - start) / hourMs)];
    if (time >= start && bucket) bucket.count++;
  }
  return buckets;
}

/** A discharge's outcome as the dialog recorded it; 'unknown' for discharges from before the field. */
export type BoardOutcome = DischargeOutcome | 'unknown';

/** Discharged protocols per outcome (the structured 'Ausgang der Versorgung'), every outcome listed (0 included) in a fixed order. */
export function dischargesByOutcome(data: Pick<BoardData, 'protocols'>): { outcome: BoardOutcome; count: number }[] {
  const order: BoardOutcome[] = [...dischargeOutcomes, 'unknown'];
  const counts = new Map<BoardOutcome, number>(order.map((o) => [o, 0]));
  for (const p of data.protocols) {
    if (p.status !== 'discharged') continue;
    const outcome = p.dischargeOutcome ?? 'unknown';
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  }
  // 'unknown' only when some discharge lacks the field: new services never show it.
  return order.flatMap((outcome) => (outcome === 'unknown' && !counts.get(outcome) ? [] : [{ outcome, count: counts.get(outcome) ?? 0 }]));
}

/** Materials running low (packages/schema `lowMaterials`) with their names and units. */
export function materialsRunningLow(data: Pick<BoardData, 'materialUsage' | 'materials'>): { materialId: number; name: string; unit: string; openUnits: number }[] {
  const byId = new Map(data.materials.map((m) => [m.id, m]));
  return lowMaterials(data.materialUsage).map((row) => ({ ...row, name: byId.get(row.materialId)?.name ?? `#${row.materialId}`, unit: byId.get(row.materialId)?.unit ?? '' }));
}

/** Each kind has its German label in boardDe.diary.kinds. */
export type DiaryKind = keyof typeof boardDe.diary.kinds;

export interface DiaryItem {
  key: string;
  at: string;
  kind: DiaryKind;
  /** Who: a user's name as the device knows it, or null. */
  who: string | null;
  /** Protocol number for protocol events; the manual text for manual entries (never shown in wall mode). */
  number?: number;
  text?: string;
}

/**
 * The automatic diary (Einsatztagebuch): every event the device knows of the service, derived from
 * its rows, with the manual entries; newest first. Names of users come from the team rows.
 */
export function diaryItems(data: Pick<BoardData, 'service' | 'protocols' | 'minorTreatments' | 'team' | 'diary'>, now: Date): DiaryItem[] {
  const names = new Map(data.team.map((m) => [m.userId, m.username]));
  const who = (id: number | null | undefined) => (id == null ? null : (names.get(id) ?? null));
  const items: DiaryItem[] = [];
  const service = data.service;
  if (service && Date.parse(service.startDate) <= now.getTime()) items.push({ key: `start:${service.id}`, at: service.startDate, kind: 'serviceStarted', who: null });
  if (service && Date.parse(service.endDate) <= now.getTime()) items.push({ key: `end:${service.id}`, at: service.endDate, kind: 'serviceEnded', who: null });
  for (const p of data.protocols) {
    items.push({ key: `open:${p.id}`, at: p.createdAt, kind: 'protocolOpened', who: who(p.treatedById), number: p.serviceProtocolNumber });
    if (p.dischargedAt) items.push({ key: `discharge:${p.id}`, at: p.dischargedAt, kind: 'protocolDischarged', who: who(p.dischargedById), number: p.serviceProtocolNumber });
  }
  for (const t of data.minorTreatments) items.push({ key: `minor:${t.id}`, at: t.createdAt, kind: 'minorTreatment', who: who(t.treatedById) });
  for (const m of data.team) items.push({ key: `team:${m.id}`, at: m.addedAt, kind: 'teamJoined', who: m.username });
  for (const e of data.diary) items.push({ key: `diary:${e.id}`, at: e.occurredAt, kind: 'manual', who: e.authorName, text: e.text });
  return items.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || a.key.localeCompare(b.key));
}

/** Whole minutes since `iso`, or null when there is no time. */
export function minutesSince(iso: string | null, now: Date): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : Math.max(0, Math.floor((now.getTime() - t) / 60_000));
}
