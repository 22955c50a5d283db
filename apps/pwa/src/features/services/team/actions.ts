import type { JoinServiceInput, SetServiceTeamInput } from '@sanidok/schema';
import { okReply, serviceReply, serviceTeamMemberReply, serviceTeamMessages } from '@sanidok/schema';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiSend } from '../../../api/client';
import { requestManualSync } from '../../../sync/syncSession';

/**
 * Online actions of the service team. The answers are not kept here: the team, the
 * access code and the patient data reach the screens through the next pull (the team is synced,
 * data/teamHooks.ts), so each action asks the sync engine for a pull at once.
 */

/** A network failure is the offline case: the team's own German sentence instead of the generic one. */
function offlineAware(error: unknown): never {
  if (error instanceof ApiError && error.status === 0) throw new ApiError(serviceTeamMessages.offline, { status: 0 });
  throw error;
}

async function thenSync<T>(request: Promise<T>): Promise<T> {
  const answer = await request.catch(offlineAware);
  requestManualSync();
  return answer;
}

/** PUT /api/services/{id}/team: the whole team as it shall be (owner, organisation admins). */
export function useSetServiceTeam(serviceId: string) {
  return useMutation({
    mutationFn: (input: SetServiceTeamInput) => thenSync(apiSend('PUT', `/api/services/${encodeURIComponent(serviceId)}/team`, input, z.array(serviceTeamMemberReply))),
  });
}

/** POST /api/services/{id}/join: a member not on the team joins with the access code. */
export function joinService(serviceId: string, input: JoinServiceInput): Promise<unknown> {
  return thenSync(apiSend('POST', `/api/services/${encodeURIComponent(serviceId)}/join`, input, serviceTeamMemberReply));
}

export function useJoinService(serviceId: string) {
  return useMutation({ mutationFn: (input: JoinServiceInput) => joinService(serviceId, input) });
}

/** POST /api/services/{id}/access-code: a new code; whoever joined stays on the team. */
export function useRegenerateAccessCode(serviceId: string) {
  return useMutation({
    mutationFn: () => thenSync(apiSend('POST', `/api/services/${encodeURIComponent(serviceId)}/access-code`, undefined, serviceReply)),
  });
}

/**
 * POST /api/patient-protocols/{id}/join {accessCode} (the link behind a protocol's QR code): a member
 * who holds the service's code joins its team on the server — the code in the body, never in a URL.
 * The protocol itself is then read from the device once the pull has brought it, like every capture screen.
 */
export function openProtocolWithKey(protocolId: string, key: string): Promise<unknown> {
  return thenSync(apiSend('POST', `/api/patient-protocols/${encodeURIComponent(protocolId)}/join`, { accessCode: key }, okReply));
}
