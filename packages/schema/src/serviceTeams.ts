import { z } from './zodConfig';

/**
 * Service teams (Einteilung): who is assigned to a service. Patient-identifying data
 * (protocol patient data, minor-treatment names) reaches only the team's devices, and only while
 * the service lies in its patient-data window (docs/security.md, "Patient data follows the team").
 * Owners and organisation admins assign and remove members; a member joins a running service on
 * site with its access code.
 */

export const serviceTeamMessages = {
  notMember: 'Nur Mitglieder der Organisation können eingeteilt werden.',
  tooMany: 'Höchstens 500 Personen je Sanitätsdienst.',
  wrongCode: 'Der Zugangscode ist falsch. Bitte prüfen Sie die Eingabe.',
  codeRequired: 'Bitte geben Sie den Zugangscode ein.',
  tooManyTries: 'Zu viele falsche Zugangscodes. Bitte versuchen Sie es in 15 Minuten erneut.',
  noCode: 'Für diesen Sanitätsdienst ist kein Zugangscode festgelegt. Bitten Sie die Einsatzleitung, Sie einzuteilen.',
  notRunning: 'Mit dem Zugangscode kann nur einem laufenden Sanitätsdienst beigetreten werden.',
  offline: 'Zum Beitreten ist eine Internetverbindung nötig.',
} as const;

/** How a member came onto the team: assigned by an owner/admin, as creator, or by the access code. */
export const teamJoinMethods = ['assigned', 'creator', 'accessCode'] as const;
export type TeamJoinMethod = (typeof teamJoinMethods)[number];

/** One member of a service's team; synced as entity 'serviceTeamMember' with id `${serviceId}:${userId}`. */
export interface ServiceTeamMember {
  serviceId: string;
  organizationId: number;
  userId: number;
  username: string;
  /** The member's full name where the account has one (the FHIR export's Practitioner); absent on rows synced before it was sent. */
  fullName?: string | null;
  addedAt: string;
  addedById: number | null;
  addedByName: string | null;
  method: TeamJoinMethod;
}

export const serviceTeamMemberId = (serviceId: string, userId: number): string => `${serviceId}:${userId}`;

/** PUT /api/services/{id}/team: the whole team as it shall be (owner, organisation admins). */
export const setServiceTeamSchema = z.object({
  userIds: z.array(z.number().int().positive()).max(500, serviceTeamMessages.tooMany),
});
export type SetServiceTeamInput = z.infer<typeof setServiceTeamSchema>;

/** POST /api/services/{id}/join: a member not on the team joins with the service's access code. */
export const joinServiceSchema = z.object({
  accessCode: z.string({ error: serviceTeamMessages.codeRequired }).trim().min(1, serviceTeamMessages.codeRequired).max(50, serviceTeamMessages.wrongCode),
});
export type JoinServiceInput = z.infer<typeof joinServiceSchema>;
