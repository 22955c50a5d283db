import { z } from './zodConfig';

/** Services (Sanitätsdienste), docs/spec/services.md §3–§5. */

export const serviceMessages = {
  nameShort: 'Name muss mindestens 3 Zeichen lang sein',
  nameLong: 'Name darf höchstens 120 Zeichen lang sein',
  locationShort: 'Bitte geben Sie den Ort des Sanitätsdienstes an',
  locationLong: 'Ort darf höchstens 200 Zeichen lang sein',
  descriptionLong: 'Beschreibung darf höchstens 2000 Zeichen lang sein',
  startDateRequired: 'Startdatum ist erforderlich',
  startTimeRequired: 'Startzeit ist erforderlich',
  endDateRequired: 'Enddatum ist erforderlich',
  endTimeRequired: 'Endzeit ist erforderlich',
  organizationRequired: 'Bitte wählen Sie eine Organisation aus',
  endAfterStartCreate: 'Das Enddatum muss nach dem Startdatum liegen',
  endAfterStartEdit: 'Enddatum muss nach dem Startdatum liegen',
  accessCodeLong: 'Zugangscode darf höchstens 50 Zeichen lang sein',
  accessCodeShort: 'Der Zugangscode braucht mindestens 8 Buchstaben oder Ziffern (Leerzeichen und Bindestriche zählen nicht).',
  invalidId: 'Ungültige Kennung',
  invalidDate: 'Ungültiges Datum',
} as const;

export const serviceStatuses = ['active', 'ended', 'archived', 'completed'] as const;
export type ServiceStoredStatus = (typeof serviceStatuses)[number];

const isoDate = (required: string) =>
  z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined || issue.input === '' ? required : serviceMessages.invalidDate) });

const name = z.string({ error: serviceMessages.nameShort }).trim().min(3, serviceMessages.nameShort).max(120, serviceMessages.nameLong);
const location = z.string({ error: serviceMessages.locationShort }).trim().min(3, serviceMessages.locationShort).max(200, serviceMessages.locationLong);
const description = z.string().trim().max(2000, serviceMessages.descriptionLong).nullish().transform((v) => v || null);
/**
 * At least 8 letters or digits (spaces and hyphens do not count): the code is all a member needs to
 * join the team and read its patient data, and guesses are only limited per user (docs/decisions.md
 * "The access code stays with the team"). Generated codes have 8 of a 32-letter alphabet (40 bits).
 */
export const accessCodeMinLength = 8;
const longEnough = (v: string) => v.replace(/[\s-]/g, '').length >= accessCodeMinLength;
const accessCode = z
  .string()
  .trim()
  .max(50, serviceMessages.accessCodeLong)
  .refine((v) => v === '' || longEnough(v), serviceMessages.accessCodeShort)
  .nullish()
  .transform((v) => v || null);

/** Ids made on devices are UUIDs (v7 from the PWA); the server accepts any UUID. */
export const entityId = z.uuid({ error: serviceMessages.invalidId });

export const createServiceSchema = z
  .object({
    id: entityId.optional(),
    name,
    description,
    location,
    startDate: isoDate(serviceMessages.startDateRequired),
    endDate: isoDate(serviceMessages.endDateRequired),
    organizationId: z.coerce.number({ error: serviceMessages.organizationRequired }).int(serviceMessages.organizationRequired).positive(serviceMessages.organizationRequired),
  })
  .refine((v) => Date.parse(v.endDate) > Date.parse(v.startDate), { message: serviceMessages.endAfterStartCreate, path: ['endDate'] });
export type CreateServiceInput = z.input<typeof createServiceSchema>;

/** Field-wise update; `baseVersion` is the service version the device last saw (conflict detection). */
export const updateServiceSchema = z
  .object({
    id: entityId,
    baseVersion: z.number().int().nonnegative().optional(),
    name: name.optional(),
    description: description.optional(),
    location: location.optional(),
    startDate: isoDate(serviceMessages.startDateRequired).optional(),
    endDate: isoDate(serviceMessages.endDateRequired).optional(),
    accessCode: accessCode.optional(),
    /** 'Angaben geprüft' after a concurrent edit: clears `needsReview` (docs/sync-protocol.md, Conflicts). */
    reviewed: z.literal(true).optional(),
    /** Accepted for the spec's PATCH body; a service never moves to another organisation. */
    organizationId: z.unknown().optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || Date.parse(v.endDate) >= Date.parse(v.startDate), { message: serviceMessages.endAfterStartEdit, path: ['endDate'] });
export type UpdateServiceInput = z.input<typeof updateServiceSchema>;

export const serviceIdSchema = z.object({ id: entityId });

/** Form values: dates and times apart, as the dialog asks for them (docs/spec/services.md §2). */
export const serviceFormSchema = z
  .object({
    name,
    description: z.string().max(2000, serviceMessages.descriptionLong).optional(),
    location,
    startDate: z.string().min(1, serviceMessages.startDateRequired),
    startTime: z.string().min(1, serviceMessages.startTimeRequired),
    endDate: z.string().min(1, serviceMessages.endDateRequired),
    endTime: z.string().min(1, serviceMessages.endTimeRequired),
    organizationId: z.string({ error: serviceMessages.organizationRequired }).min(1, serviceMessages.organizationRequired),
    accessCode: z.string().max(50, serviceMessages.accessCodeLong).refine((v) => v.trim() === '' || longEnough(v.trim()), serviceMessages.accessCodeShort).optional(),
  })
  .refine((v) => `${v.endDate}T${v.endTime}` > `${v.startDate}T${v.startTime}`, { message: serviceMessages.endAfterStartCreate, path: ['endDate'] });
export type ServiceFormValues = z.input<typeof serviceFormSchema>;

export interface Service {
  id: string;
  name: string;
  description: string | null;
  location: string;
  startDate: string;
  endDate: string;
  organizationId: number;
  organizationName: string;
  createdById: number | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
  status: ServiceStoredStatus;
  isBlocked: boolean;
  accessCode: string | null;
  /** Change-log version of the last write: the base of the next field-wise update. */
  version: number;
  /**
   * Two devices changed the same field concurrently; the replaced value is kept on the server
   * (field_revisions) and the app shows a conflict notice. Absent in replies of older servers.
   */
  needsReview?: boolean;
}
