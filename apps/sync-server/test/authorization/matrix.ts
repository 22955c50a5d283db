import type { MutationOutcome, RestOutcome, StateTable } from './actors';
import {
  archiveOwnerOnly, byRole, byTeam, everyone, inStates, members, organizationStates, ownerOnly, planners, platformAdminOnly, protocolStates, serviceStates, signedIn,
} from './actors';

/**
 * THE authorisation matrix: every REST endpoint and every sync mutation × actor ×
 * resource state → the answer. The intended rules come from docs/spec/accounts.md §6, docs/spec/services.md §6,
 * docs/decisions.md and the policy modules (domain/organizations/policy.ts, services/access.ts,
 * protocols/access.ts, archive/access.ts, admin/policy.ts). coverage.test.ts fails when the app
 * has an endpoint or mutation that is not listed here; rest.matrix.test.ts and
 * mutations.matrix.test.ts turn every cell into a test against real data.
 *
 * Keys are `METHOD /api/path` exactly as registered, optionally `#variant` for a second way to
 * call the same endpoint. How each row is called lives in requests*.ts and mutationArgs.ts.
 */

/** A write on a service: 423 while blocked, 409 once archived (docs/decisions.md "Services", "Minor treatments"). */
const documentation = <const O>(ok: O) => ({
  active: members(ok), orgBlocked: members(423), serviceBlocked: members(423), archived: members(409),
});
/** A write on a protocol: as documentation, and 409 once discharged ("After discharge the protocol is closed"). */
const protocolEdit = <const O>(ok: O) => ({ ...documentation(ok), discharged: members(409) });
/**
 * Discharge: as an edit. An archived service has no open protocol left: archiving sealed and closed
 * them (domain/protocols/archiving.ts), so a late discharge gets the discharged answer, 409.
 */
const discharge = <const O>(ok: O) => protocolEdit(ok);
/** Planning a service (owner, admin): blocked 423; the member's 403 comes first (policy order: role, then block). */
const planning = <const O>(ok: O, onArchived: O | 409) => ({
  active: planners(ok), orgBlocked: planners(423), serviceBlocked: planners(423), archived: planners(onArchived),
});

export const restMatrix = {
  // Accounts (docs/spec/accounts.md §6 "Visitor", "Signed-in user").
  'GET /api/health': { active: everyone(200) },
  'GET /api/beta-mode': { active: everyone(200) },
  'GET /api/legal/operator': { active: everyone(200) },
  'POST /api/login': { active: everyone(200) },
  'POST /api/register': { active: everyone(200) },
  'POST /api/logout': { active: everyone(200) },
  // Public: the same answer for everyone; the token, not the session, decides (the flow: test/routes/api/passwordReset.test.ts).
  'POST /api/password-reset/request': { active: everyone(200) },
  'POST /api/password-reset/confirm': { active: everyone(200) },
  'GET /api/user': { active: signedIn(200) },
  'POST /api/change-password': { active: signedIn(200) },
  'PATCH /api/profile': { active: signedIn(200) },
  // Optional e-mail verification: asking needs a session; the link works for whoever holds it, like the reset link.
  'POST /api/account/email-verification/request': { active: signedIn(200) },
  'POST /api/account/email-verification/confirm': { active: everyone(200) },
  // Two factors (docs/security.md "Two factors"): on one's own account; platform admins cannot switch them off.
  'POST /api/account/totp/setup': { active: signedIn(200) },
  'POST /api/account/totp/confirm': { active: signedIn(200) },
  'POST /api/account/totp/disable': { active: { ...signedIn(200), platformAdmin: 403 } },
  'POST /api/account/totp/recovery-codes': { active: signedIn(200) },
  // Sessions and devices (docs/decisions.md "Session limits"): one's own; a member's for the owner and admins, also in a blocked organisation.
  'GET /api/sessions': { active: signedIn(200) },
  'DELETE /api/sessions/:sessionId': { active: signedIn(200) },
  'POST /api/sessions/:sessionId/lost': { active: signedIn(200) },
  'GET /api/organizations/:id/members/:userId/sessions': inStates(organizationStates, planners(200)),
  'POST /api/organizations/:id/members/:userId/sessions/:sessionId/lost': inStates(organizationStates, planners(200)),

  // Organisations, members, invitations (docs/spec/accounts.md §6; blocked: decisions "Blocked organisation").
  'GET /api/organizations': { active: signedIn(200) },
  'POST /api/organizations': { active: signedIn(201) },
  'GET /api/organizations/:id/members': inStates(organizationStates, members(200)),
  'POST /api/organizations/:id/invite': { active: planners(201), orgBlocked: planners(423) },
  // Removing someone else: owner and admin remove anyone but the owner (admins may remove admins);
  // allowed while blocked, as it only reduces access (decisions "Removing members").
  'DELETE /api/organizations/:id/members/:userId': inStates(organizationStates, planners(200)),
  'DELETE /api/organizations/:id/members/:userId#admin': inStates(organizationStates, planners(200)),
  'DELETE /api/organizations/:id/members/:userId#owner': inStates(organizationStates, byRole(403, 403, 403)),
  // 'Austreten': every member but the owner.
  'DELETE /api/organizations/:id/members/:userId#leave': inStates(organizationStates, byRole(200, 200, 403)),
  'GET /api/organizations/:id/access-logs': inStates(organizationStates, ownerOnly(200)),
  // An organisation's open invitations: those who may invite see, resend and withdraw them;
  // withdrawing only reduces access, so it stays possible while blocked.
  'GET /api/organizations/:id/invitations': inStates(organizationStates, planners(200)),
  'POST /api/organizations/:id/invitations/:invitationId/resend': { active: planners(200), orgBlocked: planners(423) },
  'DELETE /api/organizations/:id/invitations/:invitationId': inStates(organizationStates, planners(200)),
  'GET /api/invitations': { active: signedIn(200) },
  // Only the invited user (here: the signed-in non-member) answers; for everyone else it does not exist.
  'POST /api/invitations/:id/respond': inStates(organizationStates, { ...signedIn(404), stranger: 200 }),
  'POST /api/invitations/:id/respond#accept': { active: { ...signedIn(404), stranger: 200 }, orgBlocked: { ...signedIn(404), stranger: 423 } },

  // Patient archive (docs/spec/accounts.md §6 owner only; decisions "Patient archive": reading stays while blocked).
  'GET /api/organizations/:orgId/archive/services': inStates(organizationStates, archiveOwnerOnly(200)),
  'POST /api/organizations/:orgId/archive/services/:serviceId/challenge': inStates(organizationStates, archiveOwnerOnly(201)),
  'POST /api/organizations/:orgId/archive/services/:serviceId/protocols': inStates(organizationStates, archiveOwnerOnly(200)),
  'POST /api/organizations/:orgId/generate-key': { active: ownerOnly(200), orgBlocked: ownerOnly(423) },
  // Key recovery (docs/security.md "Key recovery"): the owner starts it, owner and admins may stop it, even while blocked.
  'POST /api/organizations/:orgId/key-recovery': { active: ownerOnly(201), orgBlocked: ownerOnly(423) },
  'DELETE /api/organizations/:orgId/key-recovery': inStates(organizationStates, planners(200)),
  'POST /api/organizations/:orgId/key-recovery/confirm': inStates(organizationStates, ownerOnly(200)),
  'POST /api/organizations/:orgId/key-recovery/approve': { active: byRole(403, 200, 403), orgBlocked: byRole(403, 423, 403) },
  'POST /api/organizations/:orgId/key-change/challenge': { active: ownerOnly(201), orgBlocked: ownerOnly(423) },

  // Material catalogue (docs/spec/accounts.md §6, docs/spec/services.md §6: owner only; blocked 423).
  'GET /api/materials': { active: signedIn(200) },
  'GET /api/materials#organization': inStates(organizationStates, members(200)),
  'POST /api/materials': { active: ownerOnly(201), orgBlocked: ownerOnly(423) },
  'DELETE /api/materials/:id': { active: ownerOnly(200), orgBlocked: ownerOnly(423) },
  // The unit price: a catalogue change like the others, the owner's.
  'PATCH /api/materials/:id': { active: ownerOnly(200), orgBlocked: ownerOnly(423) },
  // The device lock time: the owner's, like the catalogue.
  'PUT /api/organizations/:id/lock-time': { active: ownerOnly(200), orgBlocked: ownerOnly(423) },
  // Retention (docs/deletion.md): the period is the owner's; the deletion records and the Art. 30
  // record are read by owner and admins (the DPO's documents), blocked too.
  'PUT /api/organizations/:id/retention': { active: ownerOnly(200), orgBlocked: ownerOnly(423) },
  'GET /api/organizations/:id/retention-deletions': inStates(organizationStates, planners(200)),
  'GET /api/organizations/:id/processing-record': inStates(organizationStates, planners(200)),

  // Services (decisions "Services": owner and admin plan; members read).
  'GET /api/services': { active: signedIn(200) },
  'GET /api/services/active': { active: signedIn(200) },
  'GET /api/services/:id': inStates(serviceStates, members(200)),
  // Replaced values of concurrent edits (decisions "Conflict notices"): readable like the record.
  'GET /api/services/:id/revisions': inStates(serviceStates, members(200)),
  'POST /api/services': { active: planners(201), orgBlocked: planners(423) },
  // No rule closes an archived service to planning; archiving again and completing are 409.
  'PATCH /api/services/:id': planning(200, 200),
  'PATCH /api/services/:id/archive': planning(200, 409),
  'PATCH /api/services/:id/complete': planning(200, 409),
  'DELETE /api/services/:id': planning(200, 200),
  // Service teams (decisions "Service teams"): every member sees the team; owner and
  // admins set it and renew the code like other planning; joining with the code needs a running,
  // writable service — who is already on the team gets 200 whatever the state.
  'GET /api/services/:id/team': inStates(serviceStates, members(200)),
  'PUT /api/services/:id/team': planning(200, 200),
  'POST /api/services/:id/access-code': planning(200, 200),
  'POST /api/services/:id/join': { active: members(200), orgBlocked: byTeam(200, 423), serviceBlocked: byTeam(200, 423), archived: byTeam(200, 409) },
  // Command-post board (decisions "Command-post board"): whoever reads the service opens
  // its board and its event stream (patient data there comes only through the team-scoped pull).
  'GET /api/services/:id/board': inStates(serviceStates, members(200)),
  'GET /api/services/:id/events': inStates(serviceStates, members(200)),

  // Minor treatments and material consumption: any member documents (decisions "Minor treatments").
  'GET /api/minor-treatments': { active: signedIn(200) },
  'POST /api/minor-treatments': documentation(201),
  'GET /api/services/:id/minor-treatments': inStates(serviceStates, members(200)),
  'GET /api/materials/used': inStates(serviceStates, members(200)),
  'POST /api/materials/add-used': documentation(201),
  'DELETE /api/materials/used/:id': documentation(200),
  'POST /api/materials/clear': documentation(200),
  'GET /api/materials/export': inStates(serviceStates, members(200)),
  // Reports: the event report holds no patient data, so every member who reads the service builds it,
  // in every state; the statistics are the owner's and admins' (organizations/policy.ts viewStatistics), blocked too.
  'POST /api/services/:id/event-report': inStates(serviceStates, members(200)),
  'GET /api/organizations/:id/statistics': inStates(organizationStates, planners(200)),

  // Patient protocols (decisions "Patient protocols": members, open protocol, documentation allowed).
  'GET /api/patient-protocols': { active: signedIn(200) },
  // Patient data only for the team in the window (requests.documentation.ts checks the body; leaks.ts the names).
  'GET /api/patient-protocols/:id': inStates(protocolStates, members(200)),
  // ?key=CODE: the members off the team join as with POST …/join, then read.
  'GET /api/patient-protocols/:id#key': {
    active: members(200), orgBlocked: byTeam(200, 423), serviceBlocked: byTeam(200, 423), archived: byTeam(200, 409), discharged: members(200),
  },
  // The same join with the code in the body (the PWA's way: never in a URL).
  'POST /api/patient-protocols/:id/join': {
    active: members(200), orgBlocked: byTeam(200, 423), serviceBlocked: byTeam(200, 423), archived: byTeam(200, 409), discharged: members(200),
  },
  'POST /api/patient-protocols': documentation(201),
  'PATCH /api/patient-protocols/:id': protocolEdit(200),
  'PATCH /api/patient-protocols/:id/discharge': discharge(200),
  'GET /api/patient-protocols/:id/vital-signs': inStates(protocolStates, members(200)),
  'POST /api/patient-protocols/:id/vital-signs': protocolEdit(201),
  'GET /api/patient-protocols/:id/treatment-entries': inStates(protocolStates, members(200)),
  'POST /api/patient-protocols/:id/treatment-entries': protocolEdit(201),
  'GET /api/services/:id/patient-protocols': inStates(serviceStates, members(200)),
  // Access logging never stops (decisions "Access logging": whatever the state).
  'POST /api/access-logs/protocol-access': inStates(protocolStates, members(201)),
  'POST /api/access-logs/print': inStates(protocolStates, members(201)),

  // Dashboard and sync: own data only.
  'POST /api/sync/push': { active: signedIn(200) },
  'GET /api/sync/pull': { active: signedIn(200) },
  // Device encryption: the public sealing key, the same for every signed-in user.
  'GET /api/device/seal-key': { active: signedIn(200) },
  // A device's PIN share (domain/deviceKeys/policy.ts): only its own user enrols and unlocks;
  // another user's device is 403 (devicePin.test.ts), the wrong-PIN count too.
  'POST /api/device/pin': { active: signedIn(200) },
  'POST /api/device/pin/unlock': { active: signedIn(200) },
  'PUT /api/device/key': { active: signedIn(200) },

  // Admin area (docs/spec/accounts.md §6 platform admin; decisions "Admin area": 401 / 403).
  'GET /api/admin/summary': { active: platformAdminOnly(200) },
  'GET /api/admin/users': { active: platformAdminOnly(200) },
  'GET /api/admin/organizations': { active: platformAdminOnly(200) },
  'GET /api/admin/services': { active: platformAdminOnly(200) },
  'GET /api/admin/archive-access-failures': { active: platformAdminOnly(200) },
  'GET /api/admin/audit-log': { active: platformAdminOnly(200) },
  'GET /api/admin/alerts': { active: platformAdminOnly(200) },
  'PATCH /api/admin/alerts/:id/read': { active: platformAdminOnly(200) },
  'POST /api/admin/users/:userId/reset-password': { active: platformAdminOnly(200) },
  'PATCH /api/admin/users/:userId/block': { active: platformAdminOnly(200) },
  'DELETE /api/admin/users/:userId': { active: platformAdminOnly(200) },
  'PATCH /api/admin/organizations/:orgId/block': { active: platformAdminOnly(200) },
  'DELETE /api/admin/organizations/:orgId': { active: platformAdminOnly(200) },
  'PATCH /api/admin/services/:serviceId/block': { active: platformAdminOnly(200) },
  'DELETE /api/admin/services/:serviceId': { active: platformAdminOnly(200) },
  'GET /api/admin/operator-details': { active: platformAdminOnly(200) },
  'PUT /api/admin/operator-details': { active: platformAdminOnly(200) },
  'GET /api/admin/beta-mode': { active: platformAdminOnly(200) },
  'POST /api/admin/beta-mode': { active: platformAdminOnly(200) },
  'GET /api/admin/beta-codes': { active: platformAdminOnly(200) },
  'POST /api/admin/beta-codes/generate': { active: platformAdminOnly(201) },
  'PATCH /api/admin/beta-codes/:id/toggle': { active: platformAdminOnly(200) },
  'GET /api/admin/beta-code-usage': { active: platformAdminOnly(200) },
  'GET /api/admin/email-configurations': { active: platformAdminOnly(200) },
  'POST /api/admin/email-configurations': { active: platformAdminOnly(201) },
  'PATCH /api/admin/email-configurations/:id': { active: platformAdminOnly(200) },
  'DELETE /api/admin/email-configurations/:id': { active: platformAdminOnly(200) },
  'POST /api/admin/test-email': { active: platformAdminOnly(200) },
  'POST /api/admin/email-configurations/:configId/send-test': { active: platformAdminOnly(200) },
  'GET /api/admin/email-templates': { active: platformAdminOnly(200) },
  'POST /api/admin/email-templates': { active: platformAdminOnly(201) },
  'PATCH /api/admin/email-templates/:id': { active: platformAdminOnly(200) },
  'DELETE /api/admin/email-templates/:id': { active: platformAdminOnly(200) },
  'GET /api/admin/email-templates/:id/preview': { active: platformAdminOnly(200) },
  'GET /api/admin/email-logs': { active: platformAdminOnly(200) },
} as const satisfies Record<string, StateTable<RestOutcome>>;

export type RestKey = keyof typeof restMatrix;

/**
 * Every sync mutation (domain/sync/registry.ts), pushed through POST /api/sync/push: the same
 * commands as REST, so the same rules. 'applied', or rejected with the code of that status.
 */
export const mutationMatrix = {
  'service.create': { active: planners('applied'), orgBlocked: planners(423) },
  'service.update': planning('applied', 'applied'),
  'service.archive': planning('applied', 409),
  'service.complete': planning('applied', 409),
  'service.delete': planning('applied', 'applied'),
  'minorTreatment.create': documentation('applied'),
  'materialUsage.add': documentation('applied'),
  'materialUsage.refill': documentation('applied'),
  'protocol.create': documentation('applied'),
  'protocol.update': protocolEdit('applied'),
  'protocol.discharge': discharge('applied'),
  'vitals.record': protocolEdit('applied'),
  'treatmentEntry.add': protocolEdit('applied'),
  // A wrong entry is marked "irrtümlich" while its record takes documentation; never after discharge.
  'vitals.markInError': protocolEdit('applied'),
  'treatmentEntry.markInError': protocolEdit('applied'),
  'minorTreatment.markInError': documentation('applied'),
  'accessLog.record': inStates(protocolStates, members('applied')),
  // The same mutation for the other records an access event names: '#…' names the variant.
  'accessLog.record#patientList': inStates(serviceStates, members('applied')),
  'accessLog.record#minorTreatmentName': inStates(serviceStates, members('applied')),
  // Treatment templates (decisions "Treatment templates"): owner and admins maintain them; blocked 423.
  'treatmentTemplate.create': { active: planners('applied'), orgBlocked: planners(423) },
  'treatmentTemplate.update': { active: planners('applied'), orgBlocked: planners(423) },
  'treatmentTemplate.delete': { active: planners('applied'), orgBlocked: planners(423) },
  // A manual diary entry is documentation on the service.
  'diaryEntry.create': documentation('applied'),
  // MANV (docs/manv.md): owner and admins lead an incident; every member captures tags, triages and transports.
  'manvIncident.open': planning('applied', 409),
  // Ending an incident of an archived service stays possible (only blocking stops it).
  'manvIncident.update': planning('applied', 'applied'),
  'manvPatient.register': documentation('applied'),
  'manvPatient.update': documentation('applied'),
  'manvTriage.record': documentation('applied'),
  'manvTransport.record': documentation('applied'),
  'accessLog.record#manvPersonList': inStates(serviceStates, members('applied')),
} as const satisfies Record<string, StateTable<MutationOutcome>>;

export type MutationKey = keyof typeof mutationMatrix;

/** 'accessLog.record#patientList' → 'accessLog.record': the mutation a matrix row pushes. */
export const mutationNameOf = (key: string): string => key.split('#')[0] ?? key;

/** 'POST /api/materials#organization' → { method: 'POST', path: '/api/materials' } */
export function endpointOf(key: string): { method: string; path: string; endpoint: string } {
  const endpoint = key.split('#')[0] ?? key;
  const [method = '', path = ''] = endpoint.split(' ');
  return { method, path, endpoint };
}
