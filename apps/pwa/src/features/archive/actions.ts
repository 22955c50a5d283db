import type { ArchiveChallenge, ArchiveProtocolsResponse, KeyChangeChallenge, OrganizationListItem, OrganizationPublicKeys, PendingKeyRecovery } from '@sanidok/schema';
import { archiveChallengeReply, archiveProtocolsReply, keyChangeChallengeReply, okReply, organizationReply, pendingKeyRecoveryReply } from '@sanidok/schema';
import { useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../api/client';
import { organizationKeys } from '../organizations/queries';

/**
 * POST …/generate-key: the new public keys with the owner's password as confirmation and the
 * current key's signature over them (docs/security.md, "Key rotation"); the answer
 * replaces the organisation in the cached list. A plain async function, not a useMutation, like
 * organizations/createOrganization.ts: the dialog runs it inside its own key-generation steps.
 */
export function useGenerateOrganizationKey() {
  const queryClient = useQueryClient();
  return async (organizationId: number, publicKeys: OrganizationPublicKeys, currentPassword: string, proof: { challengeId: string; rotationSignature: string }): Promise<OrganizationListItem> => {
    const updated = await apiSend('POST', `/api/organizations/${organizationId}/generate-key`, { ...publicKeys, currentPassword, ...proof }, organizationReply);
    queryClient.setQueryData<OrganizationListItem[]>(organizationKeys.list, (list = []) => list.map((o) => (o.id === updated.id ? updated : o)));
    void queryClient.invalidateQueries({ queryKey: organizationKeys.list });
    return updated;
  };
}

const archiveUrl = (organizationId: number, serviceId: string, leaf: 'challenge' | 'protocols') =>
  `/api/organizations/${organizationId}/archive/services/${encodeURIComponent(serviceId)}/${leaf}`;

/** POST …/challenge: a fresh challenge for the archive proof (openArchive.ts signs it). */
export function requestArchiveChallenge(organizationId: number, serviceId: string): Promise<ArchiveChallenge> {
  return apiSend('POST', archiveUrl(organizationId, serviceId, 'challenge'), {}, archiveChallengeReply);
}

/** POST …/protocols with the signed challenge: the sealed records the server releases. */
export function requestArchiveProtocols(organizationId: number, serviceId: string, proof: { challengeId: string; signature: string }): Promise<ArchiveProtocolsResponse> {
  return apiSend('POST', archiveUrl(organizationId, serviceId, 'protocols'), { proof }, archiveProtocolsReply);
}

/** POST /api/access-logs/print: one complete print of an archived protocol in the access log. */
export function logArchivePrint(protocolId: string, actionType: 'handover' | 'complete' = 'complete'): Promise<unknown> {
  return apiSend('POST', '/api/access-logs/print', { protocolId, actionType });
}

/**
 * POST …/key-change/challenge: the single-use nonce (5 minutes) the next rotation signs or the next
 * recovery carries (docs/decisions.md "Proofs a platform admin cannot forge").
 */
export function requestKeyChangeChallenge(organizationId: number): Promise<KeyChangeChallenge> {
  return apiSend('POST', `/api/organizations/${organizationId}/key-change/challenge`, {}, keyChangeChallengeReply);
}

/**
 * Recovery of a lost key (docs/security.md "Key recovery"): the new public keys, the password, a
 * fresh challenge and — if the owner has one — a code of the second factor; without it the
 * recovery waits for an organisation admin's approval.
 */
export async function requestKeyRecovery(organizationId: number, publicKeys: OrganizationPublicKeys, currentPassword: string, totpCode: string): Promise<PendingKeyRecovery> {
  const { challengeId } = await requestKeyChangeChallenge(organizationId);
  const body = { ...publicKeys, currentPassword, challengeId, ...(totpCode.trim() && { totpCode: totpCode.trim() }) };
  return apiSend('POST', `/api/organizations/${organizationId}/key-recovery`, body, pendingKeyRecoveryReply);
}

/** An organisation admin vouches for a recovery without a second factor: it takes effect 72 hours later. */
export function approveKeyRecovery(organizationId: number): Promise<PendingKeyRecovery> {
  return apiSend('POST', `/api/organizations/${organizationId}/key-recovery/approve`, {}, pendingKeyRecoveryReply);
}

export function cancelKeyRecovery(organizationId: number): Promise<unknown> {
  return apiSend('DELETE', `/api/organizations/${organizationId}/key-recovery`, undefined, okReply);
}

export function confirmRecoveredKey(organizationId: number): Promise<unknown> {
  return apiSend('POST', `/api/organizations/${organizationId}/key-recovery/confirm`, {}, okReply);
}
