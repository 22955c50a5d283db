import { createHash, timingSafeEqual } from 'node:crypto';
import type { OrganizationRole } from '@sanidok/schema';
import { serviceStatus } from '@sanidok/schema';

/**
 * Who may hold a service's patient-identifying data (protocol patient data, minor-treatment
 * names), who sees its access code, who manages its team: one rule each, for pull and REST alike
 * (docs/security.md "Patient data follows the team", docs/decisions.md "Service teams").
 */

/** How long after the planned end a team still holds the patient data (hand-over, late discharges). */
export const patientDataGraceMs = 24 * 3_600_000;

interface WindowTimes {
  status: string;
  endDate: string;
}

/**
 * The patient-data window: not archived, and now before endDate + 24 h. Upcoming services are
 * inside it (a team prepares); completing a service early does not shorten it (the planned end
 * counts), archiving closes it at once.
 */
export function isInPatientDataWindow(service: WindowTimes, now: Date = new Date()): boolean {
  if (service.status === 'archived') return false;
  const end = Date.parse(service.endDate);
  return !Number.isNaN(end) && now.getTime() < end + patientDataGraceMs;
}

/** Owners and organisation admins assign members; they see the access code of every service. */
const teamManagers: readonly OrganizationRole[] = ['owner', 'admin'];
export const mayManageTeam = (role: OrganizationRole): boolean => teamManagers.includes(role);

/** The access code: owner, organisation admins and the team (docs/security.md). */
export const mayViewAccessCode = (role: OrganizationRole, onTeam: boolean): boolean => onTeam || mayManageTeam(role);

/** Joining with the code: only a running service (started, not yet ended, not archived or completed). */
export const isJoinable = (service: WindowTimes & { startDate: string }, now: Date = new Date()): boolean =>
  serviceStatus(service, now) === 'active';

/** Codes are read off a screen or a QR code: case, spaces and hyphens do not count. */
export const normalizeAccessCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

/** Constant-time comparison of the normalised codes (their SHA-256, so the lengths match). */
export function accessCodeMatches(stored: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(normalizeAccessCode(value)).digest();
  return timingSafeEqual(digest(stored), digest(given));
}
