import { z } from 'zod';
import type { ServiceTeamMember } from '../serviceTeams';
import { teamJoinMethods } from '../serviceTeams';
import { replyOf } from './common';

/** Replies and query of the service team (routes/api/serviceTeams.ts, docs/security.md "Patient data follows the team"). */
export const serviceTeamMemberReply = replyOf<ServiceTeamMember>()(
  z
    .object({
      serviceId: z.string(),
      organizationId: z.number(),
      userId: z.number(),
      username: z.string(),
      fullName: z.string().nullable().optional(),
      addedAt: z.string(),
      addedById: z.number().nullable(),
      addedByName: z.string().nullable(),
      method: z.enum(teamJoinMethods),
    })
    .meta({ id: 'ServiceTeamMember' }),
);

/** GET /api/patient-protocols/{id}?key=CODE: the service's access code joins a member on site (QR code). */
export const protocolDetailQuery = z.object({ key: z.string().max(200).optional() });
