import { z } from './zodConfig';

/**
 * Patient data of a protocol (docs/spec/services.md §3 patientData). Stored apart from the clinical fields: on
 * the server in its own table, encrypted at rest; on devices only while the protocol is active.
 */

export const patientDataMessages = {
  required: 'Patientendaten sind erforderlich',
  firstNameRequired: 'Vorname ist erforderlich',
  lastNameRequired: 'Nachname ist erforderlich',
  nameLong: 'Name darf höchstens 100 Zeichen lang sein',
  dateOfBirthInvalid: 'Bitte geben Sie ein gültiges Geburtsdatum ein (TT.MM.JJJJ)',
  dateOfBirthFuture: 'Das Geburtsdatum darf nicht in der Zukunft liegen',
  genderInvalid: 'Bitte wählen Sie männlich, weiblich oder divers',
  addressLong: 'Adresse darf höchstens 300 Zeichen lang sein',
  phoneLong: 'Telefon darf höchstens 50 Zeichen lang sein',
  insuranceLong: 'Versicherungsinformationen dürfen höchstens 200 Zeichen lang sein',
  cardNumberLong: 'Versichertennummer darf höchstens 50 Zeichen lang sein',
  locationLong: 'Fundort darf höchstens 300 Zeichen lang sein',
  emergencyContactLong: 'Notfallkontakt darf höchstens 200 Zeichen lang sein',
  emergencyContactPhoneLong: 'Telefon des Notfallkontakts darf höchstens 50 Zeichen lang sein',
  emergencyContactPhoneInvalid: 'Bitte geben Sie eine Telefonnummer aus Ziffern, Leerzeichen und + ( ) / - ein',
} as const;

const m = patientDataMessages;

export const genders = ['männlich', 'weiblich', 'divers'] as const;
export type Gender = (typeof genders)[number];

/**
 * Every key patient data may carry; anything else in stored or sent JSON is dropped. The emergency
 * contact names another person and how to reach them: patient-identifying, so it lives here
 * (encrypted at rest, sealed at discharge, never in the quarantine), not with the clinical fields.
 */
export const patientDataKeys = [
  'firstName', 'lastName', 'dateOfBirth', 'gender', 'address', 'phone', 'insuranceInfo', 'insuranceCardNumber', 'location',
  'emergencyContact', 'emergencyContactPhone',
] as const;
export type PatientDataKey = (typeof patientDataKeys)[number];

export const patientDataLabels: Record<PatientDataKey, string> = {
  firstName: 'Vorname',
  lastName: 'Nachname',
  dateOfBirth: 'Geburtsdatum',
  gender: 'Geschlecht',
  address: 'Adresse',
  phone: 'Telefon',
  insuranceInfo: 'Versicherungsinformationen',
  insuranceCardNumber: 'Versichertennummer',
  location: 'Fundort',
  emergencyContact: 'Notfallkontakt',
  emergencyContactPhone: 'Telefon Notfallkontakt',
};

/** yyyy-mm-dd naming a real calendar day since 1900. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '1900-01-01') return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A birth date cannot lie after today (the device's day; a day's slack for time zones). */
export const isValidDateOfBirth = (value: string, today: Date = new Date()): boolean =>
  isCalendarDate(value) && Date.parse(`${value}T00:00:00Z`) <= today.getTime() + 86_400_000;

/**
 * One rule per patient data field, on the text as typed (trimmed; '' for an empty optional field).
 * The payload schemas below add what the wire needs (absent, null, empty → null); the protocol
 * edit form (apps/pwa/src/features/protocols/edit/protocolEditForm.ts) uses them as they are.
 */
export const patientDataFieldSchemas = {
  firstName: z.string({ error: m.firstNameRequired }).trim().min(1, m.firstNameRequired).max(100, m.nameLong),
  lastName: z.string({ error: m.lastNameRequired }).trim().min(1, m.lastNameRequired).max(100, m.nameLong),
  dateOfBirth: z
    .string()
    .trim()
    .refine((v) => v === '' || isCalendarDate(v), m.dateOfBirthInvalid)
    .refine((v) => v === '' || !isCalendarDate(v) || isValidDateOfBirth(v), m.dateOfBirthFuture),
  gender: z.union([z.enum(genders), z.literal('')], { error: m.genderInvalid }),
  address: z.string().trim().max(300, m.addressLong),
  phone: z.string().trim().max(50, m.phoneLong),
  insuranceInfo: z.string().trim().max(200, m.insuranceLong),
  insuranceCardNumber: z.string().trim().max(50, m.cardNumberLong),
  location: z.string().trim().max(300, m.locationLong),
  emergencyContact: z.string().trim().max(200, m.emergencyContactLong),
  // A number someone will dial from the handover sheet: digits and the usual separators only.
  emergencyContactPhone: z
    .string()
    .trim()
    .max(50, m.emergencyContactPhoneLong)
    .refine((v) => v === '' || /^\+?[\d\s()/-]*\d[\d\s()/-]*$/.test(v), m.emergencyContactPhoneInvalid),
} satisfies Record<PatientDataKey, z.ZodType<string>>;

const f = patientDataFieldSchemas;

// Absent → undefined (not sent); empty or null → null (cleared); else the trimmed text.
const optional = (field: z.ZodString) => field.nullish().transform((v) => v || null).optional();

const { firstName, lastName } = f;

const optionalFields = {
  dateOfBirth: optional(f.dateOfBirth),
  gender: f.gender.nullable().transform((v) => v || null).optional(),
  address: optional(f.address),
  phone: optional(f.phone),
  insuranceInfo: optional(f.insuranceInfo),
  insuranceCardNumber: optional(f.insuranceCardNumber),
  location: optional(f.location),
  emergencyContact: optional(f.emergencyContact),
  emergencyContactPhone: optional(f.emergencyContactPhone),
};

/** Older clients send the address as patientAddress (docs/spec/services.md §3): read it as address. */
function withAddressAlias(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return record.address === undefined && record.patientAddress !== undefined ? { ...record, address: record.patientAddress } : value;
}

/** Patient data as stored: names always, the rest only when given. */
export interface PatientData {
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
  gender?: Gender;
  address?: string;
  phone?: string;
  insuranceInfo?: string;
  insuranceCardNumber?: string;
  location?: string;
  emergencyContact?: string;
  emergencyContactPhone?: string;
}

/** Drops empty fields: stored and sent patient data carries only what is known. */
export function compactPatientData(data: Partial<Record<PatientDataKey, string | null | undefined>>): Partial<PatientData> {
  const result: Partial<Record<PatientDataKey, string>> = {};
  for (const key of patientDataKeys) {
    const value = data[key];
    if (typeof value === 'string' && value !== '') result[key] = value;
  }
  return result as Partial<PatientData>;
}

/** Complete patient data: first and last name are required (docs/spec/services.md §5). Empty optional fields are left out. */
export const patientDataSchema = z.preprocess(
  withAddressAlias,
  z.object({ firstName, lastName, ...optionalFields }, { error: m.required }).transform((v) => compactPatientData(v) as PatientData),
);
export type PatientDataInput = z.input<typeof patientDataSchema>;

/**
 * A change of patient data: only the keys sent change (undefined = not sent). An empty optional
 * field is null and clears it; the names may change but never become empty.
 */
export const patientDataPatchSchema = z.preprocess(
  withAddressAlias,
  z.object({ firstName: firstName.optional(), lastName: lastName.optional(), ...optionalFields }, { error: m.required }),
);
export type PatientDataPatch = z.output<typeof patientDataPatchSchema>;

/**
 * Reads stored or sent patient data leniently: JSON text or an object; anything unparseable is
 * an empty object (docs/spec/services.md §3). Only known keys with text values are kept.
 */
export function parsePatientData(input: unknown): Partial<PatientData> {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return {};
    }
  }
  const aliased = withAddressAlias(value);
  if (!aliased || typeof aliased !== 'object' || Array.isArray(aliased)) return {};
  const record = aliased as Record<string, unknown>;
  const result: Partial<Record<PatientDataKey, string>> = {};
  for (const key of patientDataKeys) {
    const field = record[key];
    if (typeof field !== 'string' || field.trim() === '') continue;
    if (key === 'gender' && !(genders as readonly string[]).includes(field.trim())) continue;
    result[key] = field.trim();
  }
  return result as Partial<PatientData>;
}

/** JSON text → object; unparseable text or a non-object is an empty object (docs/spec/services.md §3). */
function parseJsonObject(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/** Sent as JSON text by the spec's clients, as an object by ours: both are validated as an object. */
export const patientDataInput = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : parseJsonObject(v)) : v), schema);

/** "Vorname Nachname", or '' when neither is known. */
export const patientDisplayName = (data: Partial<PatientData> | null | undefined): string =>
  [data?.firstName, data?.lastName].filter(Boolean).join(' ');
