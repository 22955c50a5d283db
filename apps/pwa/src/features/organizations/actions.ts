import type { CreateMaterialInput, InviteMemberInput, Material, OrganizationListItem, OrganizationPublicKeys, RespondInvitationInput } from '@sanidok/schema';
import { invitationAnsweredReply, invitationCreatedReply, materialReply, organizationReply } from '@sanidok/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../api/client';
import { organizationKeys } from './queries';

// Online actions of this feature (TanStack Query's useMutation). 'Mutation' in file names means
// the sync mutations of the data layer only (data/mutations.ts); online writes live in actions.ts.

export function useInviteMember() {
  return useMutation({
    mutationFn: ({ organizationId, ...input }: InviteMemberInput & { organizationId: number }) =>
      apiSend('POST', `/api/organizations/${organizationId}/invite`, input, invitationCreatedReply),
  });
}

export function useRespondInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invitationId, response }: RespondInvitationInput & { invitationId: number }) =>
      apiSend('POST', `/api/invitations/${invitationId}/respond`, { response }, invitationAnsweredReply),
    onSettled: async () => {
      // Accepting adds an organisation; either answer removes the invitation.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.invitations }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.list }),
      ]);
    },
  });
}

/** DELETE …/members/{userId}: removing someone else, or leaving ('Austreten') with one's own id. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organizationId, userId }: { organizationId: number; userId: number }) =>
      apiSend('DELETE', `/api/organizations/${organizationId}/members/${userId}`),
    onSettled: async (_data, _error, { organizationId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.list }),
      ]);
    },
  });
}

export function useAddMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMaterialInput) => apiSend('POST', '/api/materials', input, materialReply),
    onSettled: async (_data, _error, input) => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.materials(Number(input.organizationId)) });
    },
  });
}

/** PATCH /api/materials/{id}: the owner sets (cents) or clears (null) a unit price. */
export function useSetMaterialPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ material, unitPriceCents }: { material: Material; unitPriceCents: number | null }) =>
      apiSend('PATCH', `/api/materials/${material.id}`, { unitPriceCents }, materialReply),
    onSettled: async (_data, _error, { material }) => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.materials(material.organizationId) });
    },
  });
}

export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (material: Material) => apiSend('DELETE', `/api/materials/${material.id}`),
    onSettled: async (_data, _error, material) => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.materials(material.organizationId) });
    },
  });
}

/**
 * POST /api/organizations with the public keys made in this browser. A plain request, not a hook:
 * createOrganization.ts wraps it with the key generation and keeps the result out of any cache.
 */
export function requestCreateOrganization(body: { name: string; description: string | null } & OrganizationPublicKeys): Promise<OrganizationListItem> {
  return apiSend('POST', '/api/organizations', body, organizationReply);
}
