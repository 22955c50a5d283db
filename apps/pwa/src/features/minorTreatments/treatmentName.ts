import { maskPatientName } from '@sanidok/schema';
import { serviceTeamsDe } from '../../i18n/serviceTeams.de';

/**
 * The name as lists show it: masked (docs/spec/services.md §2), or the placeholder where the
 * device holds no name (not on the service's team, or past its window: sync/purgeScope.ts).
 */
export function listedPatientName(patientName: string | null): string {
  return patientName === null ? serviceTeamsDe.nameHidden : maskPatientName(patientName);
}

/** The full name of 'Details', or the same placeholder. */
export function fullPatientName(patientName: string | null): string {
  return patientName ?? serviceTeamsDe.nameHidden;
}
