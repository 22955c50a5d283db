import { newPasswordSchema, passwordPolicy } from './passwordPolicy';
import { z } from './zodConfig';

/**
 * Platform administration (docs/spec/accounts.md §2 Admin area, §5, §7 Admin, §9): request schemas with German
 * messages and the shapes of the admin lists. Platform admins manage accounts, organisations and
 * services; they never see patient data (no field below carries any).
 */

export const adminLimits = {
  passwordMin: passwordPolicy.min,
  passwordMax: passwordPolicy.max,
  searchMax: 100,
  reasonMax: 500,
  betaDescriptionMax: 200,
  betaMaxUsesMax: 10_000,
  /** Lists answer at most this many rows; the search box narrows them down. */
  listMax: 500,
} as const;

export const adminMessages = {
  passwordShort: `Das neue Passwort muss mindestens ${passwordPolicy.min} Zeichen lang sein`,
  passwordLong: 'Das Passwort darf höchstens 200 Zeichen lang sein',
  blockedRequired: 'Bitte geben Sie an, ob gesperrt oder entsperrt werden soll.',
  reasonLong: 'Der Grund darf höchstens 500 Zeichen lang sein',
  searchLong: 'Der Suchbegriff darf höchstens 100 Zeichen lang sein',
  betaModeRequired: 'Bitte geben Sie an, ob der Beta-Modus aktiv sein soll.',
  maxUsesMin: 'Die maximale Anzahl an Verwendungen muss mindestens 1 sein',
  maxUsesMax: 'Höchstens 10000 Verwendungen pro Code',
  maxUsesInteger: 'Bitte geben Sie eine ganze Zahl ein',
  descriptionLong: 'Die Beschreibung darf höchstens 200 Zeichen lang sein',
  expiresInvalid: 'Ungültiges Ablaufdatum',
  expiresPast: 'Das Ablaufdatum muss in der Zukunft liegen',
  activeRequired: 'Bitte geben Sie an, ob der Code aktiv sein soll.',
  // Server answers (shown as they are).
  adminOnly: 'Dieser Bereich ist Plattform-Administratoren vorbehalten.',
  userNotFound: 'Benutzer nicht gefunden.',
  organizationNotFound: 'Organisation nicht gefunden.',
  serviceNotFound: 'Sanitätsdienst nicht gefunden.',
  betaCodeNotFound: 'Beta-Code nicht gefunden.',
  notYourself: 'Sie können Ihr eigenes Konto nicht sperren oder löschen.',
  ownsOrganizations: (names: string) =>
    `Der Benutzer ist Inhaber von ${names}. Löschen Sie zuerst die Organisation, damit ihre Patientendokumentation nicht ohne Inhaber zurückbleibt.`,
  stillReferenced: 'Der Datensatz kann nicht gelöscht werden, weil noch andere Daten auf ihn verweisen.',
  confirmName: (name: string) => `Zum Löschen bitte den Namen „${name}“ zur Bestätigung eingeben.`,
} as const;

const m = adminMessages;

/** Query `?search=`: trimmed, empty means everything. */
export const adminSearchSchema = z.object({
  search: z
    .string()
    .trim()
    .max(adminLimits.searchMax, m.searchLong)
    .optional()
    .transform((v) => v || undefined),
});

export const adminResetPasswordSchema = z.object({
  newPassword: newPasswordSchema(m.passwordShort),
});
export type AdminResetPasswordInput = z.input<typeof adminResetPasswordSchema>;

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => v || null);

/** Block or unblock a user, organisation or service; the reason goes into the notification mail. */
export const adminBlockSchema = z.object({
  isBlocked: z.boolean({ error: m.blockedRequired }),
  reason: optionalText(adminLimits.reasonMax, m.reasonLong),
});
export type AdminBlockInput = z.input<typeof adminBlockSchema>;

/**
 * DELETE body (optional). Deleting an organisation or service that holds patient documentation
 * needs its exact name typed (`confirmName`); see docs/decisions.md, Platform administration.
 */
export const adminDeleteSchema = z.object({
  confirmName: z.string().trim().max(300).nullish(),
});
export type AdminDeleteInput = z.input<typeof adminDeleteSchema>;

export const betaModeUpdateSchema = z.object({
  enabled: z.boolean({ error: m.betaModeRequired }),
});
export type BetaModeUpdateInput = z.input<typeof betaModeUpdateSchema>;

/** Generated codes look like BETA-7KQ2ZP-M4XW9D (readable alphabet, no 0/O or 1/I). */
export const betaCodePattern = /^BETA-[A-Z0-9]{6}-[A-Z0-9]{6}$/;

export const betaCodeGenerateSchema = z.object({
  description: optionalText(adminLimits.betaDescriptionMax, m.descriptionLong),
  maxUses: z.coerce
    .number({ error: m.maxUsesInteger })
    .int(m.maxUsesInteger)
    .min(1, m.maxUsesMin)
    .max(adminLimits.betaMaxUsesMax, m.maxUsesMax)
    .default(1),
  expiresAt: z
    .union([z.iso.datetime({ offset: true, error: m.expiresInvalid }), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || Date.parse(v) > Date.now(), m.expiresPast),
});
export type BetaCodeGenerateInput = z.input<typeof betaCodeGenerateSchema>;

export const betaCodeToggleSchema = z.object({
  isActive: z.boolean({ error: m.activeRequired }),
});

/** The services table's activity badge: active while now lies between start and end (docs/spec/accounts.md §2). */
export function isWithinServiceTime(service: { startDate: string; endDate: string }, now: Date = new Date()): boolean {
  const start = Date.parse(service.startDate);
  const end = Date.parse(service.endDate);
  const t = now.getTime();
  return !Number.isNaN(start) && !Number.isNaN(end) && start <= t && t <= end;
}

export interface AdminSummary {
  users: number;
  blockedUsers: number;
  organizations: number;
  blockedOrganizations: number;
  services: number;
  activeServices: number;
}

export interface AdminUser {
  id: number;
  username: string;
  email: string | null;
  fullName: string | null;
  isAdmin: boolean;
  isBlocked: boolean;
  /** Two-factor sign-in is on; an admin sees it but can never switch it off for someone. */
  totpEnabled: boolean;
  emailVerified: boolean;
  createdAt: string;
  organizationCount: number;
  /** Organisations this user owns: such a user cannot be deleted before them. */
  ownedOrganizations: string[];
}

export interface AdminOrganization {
  id: number;
  name: string;
  description: string | null;
  isBlocked: boolean;
  createdAt: string;
  createdById: number | null;
  ownerUsername: string | null;
  memberCount: number;
  serviceCount: number;
  /** Patient protocols (any state) and minor treatments: deleting needs the name typed. */
  patientRecordCount: number;
  /** Protocols already sealed for the archive: they are lost for good with the organisation. */
  archivedProtocolCount: number;
}

export interface AdminService {
  id: string;
  name: string;
  location: string;
  startDate: string;
  endDate: string;
  status: string;
  /** The service's own block; `organizationBlocked` locks it as well. */
  isBlocked: boolean;
  organizationBlocked: boolean;
  organizationId: number;
  organizationName: string;
  createdAt: string;
  patientRecordCount: number;
  archivedProtocolCount: number;
}

export interface AdminDeleteResult {
  ok: true;
  deleted: { patientRecords: number; archivedProtocols: number };
}

export interface BetaCodeItem {
  id: number;
  code: string;
  description: string | null;
  isActive: boolean;
  maxUses: number;
  usedCount: number;
  createdAt: string;
  createdById: number | null;
  creatorUsername: string | null;
  expiresAt: string | null;
}

export interface BetaCodeUsageItem {
  id: number;
  usedAt: string;
  username: string | null;
  email: string | null;
  code: string;
  codeDescription: string | null;
  ipAddress: string | null;
}

/** A wrong organisation key at the archive (docs/spec/accounts.md §3 "Archive access failure"). */
export interface ArchiveAccessFailureItem {
  id: number;
  timestamp: string;
  username: string | null;
  userEmail: string | null;
  organizationName: string | null;
  serviceName: string | null;
  serviceLocation: string | null;
  serviceStartDate: string | null;
  serviceEndDate: string | null;
  ipAddress: string | null;
  organizationId: number | null;
  serviceId: string | null;
  userId: number | null;
}

export interface AdminAuditEntry {
  id: number;
  actorId: number | null;
  actorUsername: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetName: string | null;
  details: string | null;
  ipAddress: string | null;
  createdAt: string;
}

/** State of a beta code as the admin list shows it. */
export function betaCodeState(code: Pick<BetaCodeItem, 'isActive' | 'maxUses' | 'usedCount' | 'expiresAt'>, now: Date = new Date()) {
  if (!code.isActive) return 'inactive' as const;
  if (code.usedCount >= code.maxUses) return 'usedUp' as const;
  if (code.expiresAt && Date.parse(code.expiresAt) <= now.getTime()) return 'expired' as const;
  return 'active' as const;
}
