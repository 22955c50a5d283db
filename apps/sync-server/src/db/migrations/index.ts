import type { Migration, MigrationProvider } from 'kysely/migration';
import * as accounts from './2026-11-21_001_accounts';
import * as organizations from './2026-11-21_002_organizations';
import * as syncServices from './2026-11-21_003_sync_services';
import * as minorTreatments from './2026-11-21_004_minor_treatments';
import * as protocols from './2026-11-21_005_protocols';
import * as admin from './2026-11-21_006_admin';
import * as archive from './2026-11-21_007_archive';
import * as usernamesInvitations from './2026-11-24_001_usernames_invitations';
import * as serviceTeams from './2026-11-24_002_service_teams';
import * as protocolIncident from './2026-11-24_004_protocol_incident';
import * as securityMails from './2026-11-24_005_security_mails';
import * as accountTokens from './2026-11-24_006_account_tokens';
import * as adminAlerts from './2026-11-24_007_admin_alerts';
import * as archivedMailText from './2026-11-24_009_archived_mail_text';
import * as twoFactor from './2026-11-24_010_two_factor';
import * as keyRecovery from './2026-11-24_011_key_recovery';
import * as deviceUnlock from './2026-11-24_012_device_unlock';
import * as treatmentTemplates from './2026-11-24_013_treatment_templates';
import * as rateLimits from './2026-11-24_014_rate_limits';
import * as emailVerification from './2026-11-24_015_email_verification';
import * as manv from './2026-11-24_016_manv';
import * as board from './2026-11-24_017_board';
import * as operatorDetails from './2026-11-24_018_operator_details';
import * as reportFields from './2026-11-24_020_report_fields';
import * as organizationLockTime from './2026-11-24_022_organization_lock_time';
import * as sessionDevices from './2026-11-27_001_session_devices';
import * as devicePublicKeys from './2026-11-27_002_device_public_keys';
import * as ownerProof from './2026-11-27_003_owner_proof';
import * as recordHistory from './2026-11-28_002_record_history';
import * as waitingInvitations from './2026-11-28_010_waiting_invitations';
import * as retention from './2026-11-28_012_retention';
import * as protocolNaca from './2026-11-28_020_protocol_naca';
import * as deviceWipeGrants from './2026-11-28_030_device_wipe_grants';
import * as boardStreamLeases from './2026-11-28_031_board_stream_leases';
import * as recordRevisionVersions from './2026-11-28_040_record_revision_versions';

/**
 * Static list instead of FileMigrationProvider: it works in the esbuild bundle and under vitest
 * alike. Keys sort by date; append new migrations at the end.
 */
const migrations: Record<string, Migration> = {
  '2026-11-21_001_accounts': accounts,
  '2026-11-21_002_organizations': organizations,
  '2026-11-21_003_sync_services': syncServices,
  '2026-11-21_004_minor_treatments': minorTreatments,
  '2026-11-21_005_protocols': protocols,
  '2026-11-21_006_admin': admin,
  '2026-11-21_007_archive': archive,
  '2026-11-24_001_usernames_invitations': usernamesInvitations,
  '2026-11-24_002_service_teams': serviceTeams,
  '2026-11-24_004_protocol_incident': protocolIncident,
  '2026-11-24_005_security_mails': securityMails,
  '2026-11-24_006_account_tokens': accountTokens,
  '2026-11-24_007_admin_alerts': adminAlerts,
  '2026-11-24_009_archived_mail_text': archivedMailText,
  '2026-11-24_010_two_factor': twoFactor,
  '2026-11-24_011_key_recovery': keyRecovery,
  '2026-11-24_012_device_unlock': deviceUnlock,
  '2026-11-24_013_treatment_templates': treatmentTemplates,
  '2026-11-24_014_rate_limits': rateLimits,
  '2026-11-24_015_email_verification': emailVerification,
  '2026-11-24_016_manv': manv,
  '2026-11-24_017_board': board,
  '2026-11-24_018_operator_details': operatorDetails,
  '2026-11-24_020_report_fields': reportFields,
  '2026-11-24_022_organization_lock_time': organizationLockTime,
  '2026-11-27_001_session_devices': sessionDevices,
  '2026-11-27_002_device_public_keys': devicePublicKeys,
  '2026-11-27_003_owner_proof': ownerProof,
  '2026-11-28_002_record_history': recordHistory,
  '2026-11-28_010_waiting_invitations': waitingInvitations,
  '2026-11-28_012_retention': retention,
  '2026-11-28_020_protocol_naca': protocolNaca,
  '2026-11-28_030_device_wipe_grants': deviceWipeGrants,
  '2026-11-28_031_board_stream_leases': boardStreamLeases,
  '2026-11-28_040_record_revision_versions': recordRevisionVersions,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
