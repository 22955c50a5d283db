import type { AccessLogItem, InvitationListItem, OpenInvitationItem, Material, MemberListItem, OrganizationListItem } from '@sanidok/schema';
import { json, mockApi, renderApp, testUser } from '../../helpers/render';

// Shared fixtures for the organisations tests: testUser (id 7) owns 'DRK Ortsverein Nord' and is
// a plain member of 'Malteser Süd'.

const publicKeyFields = {
  sealingPublicKey: 'A'.repeat(43),
  signingPublicKey: 'B'.repeat(43),
  keyFingerprint: 'be8b-0c7e-3cb9-621f-b2d6-7fc0-a067-7cbd',
  keyConfirmed: true,
  keyRecovery: null,
  lockAfterMinutes: 5,
  retentionYears: 10,
};

export const ownedOrg: OrganizationListItem = {
  id: 1,
  name: 'DRK Ortsverein Nord',
  description: 'Sanitätsdienste im Norden',
  createdAt: '2026-03-02T09:00:00.000Z',
  role: 'owner',
  isBlocked: false,
  memberCount: 3,
  memberSince: '2026-03-02T09:00:00.000Z',
  ...publicKeyFields,
};

export const memberOrg: OrganizationListItem = {
  ...ownedOrg,
  id: 2,
  name: 'Malteser Süd',
  description: null,
  role: 'member',
  memberCount: 2,
  memberSince: '2026-04-10T12:00:00.000Z',
};

export const ownedMembers: MemberListItem[] = [
  { id: 11, role: 'owner', memberSince: ownedOrg.memberSince, user: { id: testUser.id, username: testUser.username, fullName: testUser.fullName } },
  { id: 12, role: 'admin', memberSince: '2026-03-05T10:00:00.000Z', user: { id: 8, username: 'ben.admin', fullName: 'Ben Bauer' } },
  { id: 13, role: 'member', memberSince: '2026-03-06T10:00:00.000Z', user: { id: 9, username: 'carla.m', fullName: null } },
];

export const memberOrgMembers: MemberListItem[] = [
  { id: 21, role: 'owner', memberSince: '2026-04-01T10:00:00.000Z', user: { id: 30, username: 'otto.owner', fullName: 'Otto Inhaber' } },
  { id: 22, role: 'member', memberSince: memberOrg.memberSince, user: { id: testUser.id, username: testUser.username, fullName: testUser.fullName } },
];

export const materials: Material[] = [
  { id: 101, name: 'Pflaster', unit: 'Stück', organizationId: 1, unitPriceCents: null },
  { id: 102, name: 'Kältepack', unit: 'Stück', organizationId: 1, unitPriceCents: null },
];

export const accessLogs: AccessLogItem[] = [
  {
    id: 1,
    actionType: 'protocol_opened',
    patientProtocolId: 'prot-older',
    serviceId: null,
    timestamp: '2026-05-01T08:00:00.000Z',
    ipAddress: '192.168.*.*',
    details: null,
    user: { username: 'ben.admin', fullName: 'Ben Bauer' },
  },
  {
    id: 2,
    actionType: 'print_handover',
    patientProtocolId: 'prot-newer',
    serviceId: null,
    timestamp: '2026-05-02T14:15:00.000Z',
    // Unmasked on purpose: the screen masks again whatever the server sends.
    ipAddress: '10.20.30.40',
    details: 'RTW 1/83-1',
    user: { username: 'carla.m', fullName: null },
  },
  {
    id: 3,
    actionType: 'print_complete_protocol',
    patientProtocolId: 'prot-middle',
    serviceId: null,
    timestamp: '2026-05-01T20:00:00.000Z',
    ipAddress: '2001:db8:85a3::8a2e:370:7334',
    details: null,
    user: { username: null, fullName: null },
  },
];

/** The owned organisation's open invitations (owner's list below the members). */
export const openInvitations: OpenInvitationItem[] = [
  { id: 71, invitee: 'neu.ling', kind: 'username', role: 'member', invitedBy: 'olga', createdAt: '2026-05-03T07:30:00.000Z', lastSentAt: '2026-05-03T07:30:00.000Z', expiresAt: '2026-05-17T07:30:00.000Z', expired: false },
  { id: 72, invitee: 'gast@example.de', kind: 'email', role: 'admin', invitedBy: null, createdAt: '2026-04-01T07:30:00.000Z', lastSentAt: '2026-04-01T07:30:00.000Z', expiresAt: '2026-04-15T07:30:00.000Z', expired: true },
];

export const invitations: InvitationListItem[] = [
  { id: 51, role: 'admin', createdAt: '2026-05-03T07:30:00.000Z', expiresAt: '2026-05-17T07:30:00.000Z', organization: { id: 3, name: 'ASB Mitte' }, inviter: { username: 'paula.p' } },
  { id: 52, role: 'member', createdAt: '2026-05-04T07:30:00.000Z', expiresAt: '2026-05-18T07:30:00.000Z', organization: { id: 4, name: 'JUH West' }, inviter: { username: null } },
];

type Handlers = Parameters<typeof mockApi>[0];

/** The organisations page on a mocked API: the owned organisation (with open invitations) and the one as member. */
export function setupOrganizationsPage(orgs: OrganizationListItem[] = [ownedOrg, memberOrg], handlers: Handlers = {}) {
  const fetchMock = mockApi({
    'GET /api/user': () => json(testUser),
    'GET /api/organizations': () => json(orgs),
    'GET /api/invitations': () => json([]),
    'GET /api/organizations/1/members': () => json(ownedMembers),
    'GET /api/organizations/2/members': () => json(memberOrgMembers),
    'GET /api/organizations/1/invitations': () => json(openInvitations),
    'GET /api/materials?organizationId=1': () => json(materials),
    'GET /api/materials?organizationId=2': () => json(materials.map((m) => ({ ...m, organizationId: 2 }))),
    'GET /api/organizations/1/access-logs': () => json([]),
    ...handlers,
  });
  return { fetchMock, ...renderApp('/organizations') };
}
