import { usedMaterialItemSchema } from './minorTreatments';
import type { PatientData } from './patientData';
import { genders, patientDataFieldSchemas, patientDataInput, patientDataMessages, patientDataPatchSchema, patientDataSchema } from './patientData';
import { entityId } from './services';
import { sealedEnvelopeMessages, sealedEnvelopeSchema } from './sealedEnvelope';
import { diagnosisGroups, nacaScores } from './mindCodes';
import { protocolTreatmentEntrySchema } from './treatmentEntries';
import { z } from './zodConfig';

/** Patient protocols (docs/spec/services.md §3–§5, §7): clinical fields, create and edit payloads, discharge. */

export const protocolMessages = {
  serviceRequired: 'Bitte wählen Sie einen Sanitätsdienst aus',
  serviceRequiredDetail: 'Service ist erforderlich',
  patientDataRequired: patientDataMessages.required,
  clinicalLong: 'Der Text darf höchstens 4000 Zeichen lang sein',
  helperLong: 'Der Name darf höchstens 100 Zeichen lang sein',
  incidentTimeInvalid: 'Bitte geben Sie einen gültigen Zeitpunkt des Ereignisses ein (TT.MM.JJJJ hh:mm)',
  incidentTimeFuture: 'Der Zeitpunkt des Ereignisses darf nicht in der Zukunft liegen',
  nacaInvalid: 'Der NACA-Score muss zwischen 0 und 7 liegen',
  diagnosisGroupInvalid: 'Bitte wählen Sie eine Diagnosegruppe aus der Liste',
  materialInvalid: 'Ungültiges Material',
  tooManyMaterials: 'Höchstens 50 Materialien je Speichern',
  tooManyEntries: 'Höchstens 100 Maßnahmen je Speichern',
  dischargeStatusRequired: 'Bitte wählen Sie den Patientenzustand aus',
  dischargeOutcomeRequired: 'Bitte wählen Sie aus, wie die Versorgung endete',
  dischargeDestinationRequired: 'Verbleib ist erforderlich',
  handoverToRequired: 'Übergabe an ist erforderlich',
  dischargeTextLong: 'Der Text darf höchstens 200 Zeichen lang sein',
  dischargeCommentLong: 'Der Kommentar darf höchstens 2000 Zeichen lang sein',
  // Server answers (German, shown as they are).
  notFound: 'Protokoll nicht gefunden',
  closed: 'Dieses Protokoll ist abgeschlossen und kann nicht mehr bearbeitet werden.',
  exists: 'Dieses Protokoll wurde bereits erfasst.',
} as const;

const m = protocolMessages;

export const protocolStatuses = ['active', 'transferred', 'discharged', 'cancelled'] as const;
export type ProtocolStatus = (typeof protocolStatuses)[number];

export const protocolStatusLabels: Record<ProtocolStatus, string> = {
  active: 'Aktiv',
  transferred: 'Verlegt',
  discharged: 'Entlassen',
  cancelled: 'Abgebrochen',
};

/** Label of a stored status; unknown values are shown as they are (docs/spec/services.md §4). */
export const protocolStatusLabel = (status: string): string =>
  Object.hasOwn(protocolStatusLabels, status) ? protocolStatusLabels[status as ProtocolStatus] : status;

/** The protocol list: 'In Behandlung' while active, 'Abgeschlossen' afterwards. */
export const protocolListLabel = (status: string): string => (status === 'active' ? 'In Behandlung' : 'Abgeschlossen');

/** Only an active protocol takes edits and shows patient data; every other status is closed. */
export const isProtocolOpen = (status: string): boolean => status === 'active';

/**
 * A protocol takes edits and its discharge while it is open and its service is not archived:
 * archiving sealed its patient data like a discharge. The server (domain/protocols/access.ts) and
 * the device (data/repositories/protocols.ts) both ask here.
 */
export const protocolTakesChanges = (protocolStatus: string, serviceStatus: string | undefined): boolean =>
  isProtocolOpen(protocolStatus) && serviceStatus !== 'archived';

/**
 * The clinical fields, editable field by field: free texts, plus the incident time (an ISO instant
 * on the wire and in storage). Symptoms and incident time are what the archive result shows
 * (docs/spec/accounts.md §3); they identify no one, so they travel with the clinical part.
 */
export const protocolClinicalFields = [
  'chiefComplaint', 'initialAssessment', 'allergies', 'medications', 'pastHistory', 'handlingInstructions', 'helper1', 'helper2',
  'symptoms', 'incidentTime', 'naca', 'diagnosisGroup',
] as const;
export type ProtocolClinicalField = (typeof protocolClinicalFields)[number];

export const protocolFieldLabels: Record<ProtocolClinicalField, string> = {
  chiefComplaint: 'Hauptbeschwerde',
  initialAssessment: 'Ersteinschätzung',
  allergies: 'Allergien',
  medications: 'Medikamente',
  pastHistory: 'Vorerkrankungen',
  handlingInstructions: 'Handlungsanweisungen',
  helper1: 'Helfer 1',
  helper2: 'Helfer 2',
  symptoms: 'Symptome',
  incidentTime: 'Zeitpunkt des Ereignisses',
  naca: 'NACA-Score',
  diagnosisGroup: 'Diagnosegruppe',
};

/** What the detail shows for an empty section (docs/spec/services.md §2). */
/**
 * What an empty field shows, on screen and on both prints. 'nicht erhoben' where the spec had
 * 'Keine' / 'Keine bekannt': an empty field means nobody asked, and the receiving crew must not
 * read it as "takes no medication" (docs/decisions.md "Empty anamnesis fields read 'nicht erhoben'").
 */
export const protocolEmptyTexts: Partial<Record<ProtocolClinicalField, string>> = {
  initialAssessment: 'Keine Angabe',
  allergies: 'nicht erhoben',
  medications: 'nicht erhoben',
  pastHistory: 'nicht erhoben',
  chiefComplaint: 'Keine Angabe',
};

const clinicalText = z.string().trim().max(4000, m.clinicalLong);
const helperName = z.string().trim().max(100, m.helperLong);
/** A code from its list, or '' (not assessed): NACA 0–7 (./mindCodes.ts). */
const codeOf = (codes: readonly string[], message: string) => z.string({ error: message }).trim().refine((v) => v === '' || codes.includes(v), message);
const nacaCode = codeOf(nacaScores, m.nacaInvalid);
const diagnosisGroupCode = codeOf(diagnosisGroups, m.diagnosisGroupInvalid);

/** A device clock may run a little ahead of the server's; an incident beyond this lies in the future. */
export const incidentTimeSlackMs = 60 * 60_000;
const earliestIncident = Date.parse('2000-01-01T00:00:00Z');

/**
 * The incident-time rule on an instant (ms): none before 2000, none in the future (with the clock
 * slack above). One rule for the wire schema and the edit form, which reads wall time first.
 */
export function incidentTimeIssue(instant: number, now: number = Date.now()): string | null {
  if (Number.isNaN(instant) || instant < earliestIncident) return m.incidentTimeInvalid;
  return instant > now + incidentTimeSlackMs ? m.incidentTimeFuture : null;
}

/** As the form types it: '' or a datetime-local value 'yyyy-MM-ddTHH:mm' (German wall time). */
const incidentTimeTyped = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v), m.incidentTimeInvalid);

/** On the wire: an ISO instant with offset, stored normalised to UTC ('…Z'), so field-wise compares are exact. */
const incidentTimeWire = z
  .string({ error: m.incidentTimeInvalid })
  .trim()
  .superRefine((v, ctx) => {
    if (v === '') return;
    const valid = z.iso.datetime({ offset: true }).safeParse(v).success;
    const issue = valid ? incidentTimeIssue(Date.parse(v)) : m.incidentTimeInvalid;
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  })
  .nullish()
  .transform((v) => (v ? new Date(v).toISOString() : null));

/**
 * One rule per clinical field, on the text as typed (trimmed, '' when empty). The payloads below
 * add "absent or empty → null"; the protocol edit form
 * (apps/pwa/src/features/protocols/edit/protocolEditForm.ts) uses them as they are.
 */
export const protocolClinicalFieldSchemas = {
  chiefComplaint: clinicalText,
  initialAssessment: clinicalText,
  allergies: clinicalText,
  medications: clinicalText,
  pastHistory: clinicalText,
  handlingInstructions: clinicalText,
  helper1: helperName,
  helper2: helperName,
  symptoms: clinicalText,
  incidentTime: incidentTimeTyped,
  naca: nacaCode,
  diagnosisGroup: diagnosisGroupCode,
} satisfies Record<ProtocolClinicalField, z.ZodString>;

const orNull = (field: z.ZodString) => field.nullish().transform((v) => v || null);
const text = (max: number, message: string) => orNull(z.string().trim().max(max, message));
const clinical = orNull(clinicalText);
const helper = orNull(helperName);

const clinicalShape = {
  chiefComplaint: clinical,
  initialAssessment: clinical,
  allergies: clinical,
  medications: clinical,
  pastHistory: clinical,
  handlingInstructions: clinical,
  helper1: helper,
  helper2: helper,
  symptoms: clinical,
  incidentTime: incidentTimeWire,
  naca: orNull(nacaCode),
  diagnosisGroup: orNull(diagnosisGroupCode),
};

const materials = z.array(usedMaterialItemSchema, { error: m.materialInvalid }).max(50, m.tooManyMaterials);

/**
 * Create payload of REST and of the mutation 'protocol.create'. patientData comes as an object
 * or as JSON text (the spec's detail page). The spec's encryptionKey, status and treatedById are
 * ignored: the server decides those.
 */
export const createProtocolSchema = z.object({
  id: entityId.optional(),
  serviceId: z.uuid({ error: m.serviceRequired }),
  patientData: patientDataInput(patientDataSchema),
  ...clinicalShape,
  materials: materials.default([]),
  /** When the medic saved it on the device (offline protocols keep their real time). */
  createdAt: z.iso.datetime({ offset: true }).optional(),
});
export type CreateProtocolInput = z.input<typeof createProtocolSchema>;

/**
 * Field-wise update (PATCH, 'protocol.update'): only the fields sent change. `baseVersion` is the
 * protocol version the device edited, `patientDataBaseVersion` the patient data's. Materials and
 * treatment entries are added (both are insert-only); the spec's treatmentSummary text is
 * accepted but ignored — it is made from the entries.
 */
export const updateProtocolSchema = z.object({
  id: entityId,
  baseVersion: z.number().int().nonnegative().optional(),
  patientDataBaseVersion: z.number().int().nonnegative().optional(),
  chiefComplaint: clinical.optional(),
  initialAssessment: clinical.optional(),
  allergies: clinical.optional(),
  medications: clinical.optional(),
  pastHistory: clinical.optional(),
  handlingInstructions: clinical.optional(),
  helper1: helper.optional(),
  helper2: helper.optional(),
  symptoms: clinical.optional(),
  incidentTime: incidentTimeWire.optional(),
  naca: clinicalShape.naca.optional(),
  diagnosisGroup: clinicalShape.diagnosisGroup.optional(),
  patientData: patientDataInput(patientDataPatchSchema).optional(),
  materials: materials.optional(),
  treatmentEntries: z.array(protocolTreatmentEntrySchema).max(100, m.tooManyEntries).optional(),
  treatmentSummary: z.unknown().optional(),
  /** 'Angaben geprüft' after a concurrent edit: clears `needsReview` (docs/sync-protocol.md, Conflicts). */
  reviewed: z.literal(true).optional(),
  /** Device time of the edit: the time of materials added with it. */
  updatedAt: z.iso.datetime({ offset: true }).optional(),
});
export type UpdateProtocolInput = z.input<typeof updateProtocolSchema>;

export const dischargeStatuses = ['stabil', 'instabil'] as const;
export type DischargeStatus = (typeof dischargeStatuses)[number];

/**
 * How the care ended: the event report and the statistics count by it, the FHIR export
 * maps it to Encounter.hospitalization.dischargeDisposition. Structured, because 'Verbleib' is free
 * text. Protocols discharged before it existed hold null ('nicht angegeben').
 */
export const dischargeOutcomes = ['released', 'ambulance', 'refused', 'deceased', 'other'] as const;
export type DischargeOutcome = (typeof dischargeOutcomes)[number];

export const dischargeOutcomeLabels: Record<DischargeOutcome, string> = {
  released: 'Vor Ort entlassen',
  ambulance: 'An den Rettungsdienst übergeben',
  refused: 'Behandlung oder Transport verweigert',
  deceased: 'Verstorben',
  other: 'Sonstiger Verbleib',
};
export const dischargeOutcomeUnknownLabel = 'nicht angegeben';
export const dischargeOutcomeLabel = (outcome: DischargeOutcome | null | undefined): string =>
  outcome ? dischargeOutcomeLabels[outcome] : dischargeOutcomeUnknownLabel;

const dischargeOutcomeField = z.enum(dischargeOutcomes, { error: m.dischargeOutcomeRequired });

const dischargeFields = {
  dischargeStatus: z.enum(dischargeStatuses, { error: m.dischargeStatusRequired }),
  dischargeOutcome: dischargeOutcomeField,
  dischargeDestination: z.string({ error: m.dischargeDestinationRequired }).trim().min(1, m.dischargeDestinationRequired).max(200, m.dischargeTextLong),
  handoverTo: z.string({ error: m.handoverToRequired }).trim().min(1, m.handoverToRequired).max(200, m.dischargeTextLong),
  dischargeComment: text(2000, m.dischargeCommentLong),
};

/** The discharge dialog (docs/spec/services.md §5). */
export const dischargeFormSchema = z.object(dischargeFields);
export type DischargeFormValues = z.input<typeof dischargeFormSchema>;

/** PATCH …/discharge and 'protocol.discharge'. dischargedBy and status from the spec's body are ignored. */
export const dischargeProtocolSchema = z
  .object({
    id: entityId,
    ...dischargeFields,
    // Optional on the wire: a discharge queued by an app from before the field still goes through (stored as null).
    dischargeOutcome: dischargeOutcomeField.optional(),
    dischargedAt: z.iso.datetime({ offset: true }).optional(),
    /**
     * Patient data sealed on the device to the organisation's public key (packages/crypto
     * `sealPatientDataForDischarge`): an offline discharge never sends the plaintext again. The
     * server keeps it only when `sealProof` opens it (docs/security.md "Sealing at discharge"),
     * it names the organisation's current key and `patientDataVersion` is the server's latest
     * patient data; otherwise it seals its own, newer copy (docs/sync-protocol.md).
     */
    sealedPatientData: sealedEnvelopeSchema.optional(),
    /** The envelope's HPKE ephemeral secret (32 bytes, base64url): the proof that it opens. Never stored. */
    sealProof: z.string({ error: sealedEnvelopeMessages.invalid }).regex(/^[A-Za-z0-9_-]{43}$/, sealedEnvelopeMessages.invalid).optional(),
    /** Version of the patient data (as pulled) that the sealed copy was made from. */
    patientDataVersion: z.number().int().nonnegative().optional(),
  })
  .superRefine((value, ctx) => {
    // An envelope without its proof cannot be checked, so it is not taken (an app from before the proof).
    if (value.sealedPatientData && value.sealProof === undefined) ctx.addIssue({ code: 'custom', path: ['sealProof'], message: sealedEnvelopeMessages.proofMissing });
  });
export type DischargeProtocolInput = z.input<typeof dischargeProtocolSchema>;

export const protocolIdSchema = z.object({ id: entityId });

const pf = patientDataFieldSchemas;

/**
 * The create dialog 'Patientenprotokoll erstellen' (docs/spec/services.md §2, §5); materials are picked beside it.
 * Names and texts follow the field rules (patientDataFieldSchemas, protocolClinicalFieldSchemas); a date
 * input and a gender select offer only valid values, and the create payload checks them again.
 */
export const protocolFormSchema = z.object({
  serviceId: z.string({ error: m.serviceRequired }).min(1, m.serviceRequired),
  firstName: pf.firstName,
  lastName: pf.lastName,
  dateOfBirth: z.string().optional(),
  gender: z.union([z.enum(genders), z.literal('')]).optional(),
  address: pf.address.optional(),
  phone: pf.phone.optional(),
  insuranceInfo: pf.insuranceInfo.optional(),
  initialAssessment: clinicalText.optional(),
  allergies: clinicalText.optional(),
  medications: clinicalText.optional(),
  pastHistory: clinicalText.optional(),
  chiefComplaint: clinicalText.optional(),
});
export type ProtocolFormValues = z.input<typeof protocolFormSchema>;

/**
 * The create form on the service detail page: patient data and an injury description (taken as
 * the chief complaint). The spec leaves its rules open; the names are required as everywhere,
 * because the server requires them.
 */
export const serviceProtocolFormSchema = protocolFormSchema.pick({ firstName: true, lastName: true, dateOfBirth: true, gender: true }).extend({
  injuryDescription: clinicalText.optional(),
});
export type ServiceProtocolFormValues = z.input<typeof serviceProtocolFormSchema>;

/** The third variant of docs/spec/services.md §5: patient data as JSON text and a service, each at least 1 character. */
export const protocolPayloadFormSchema = z.object({
  serviceId: z.string({ error: m.serviceRequiredDetail }).min(1, m.serviceRequiredDetail),
  patientData: z.string({ error: m.patientDataRequired }).min(1, m.patientDataRequired),
  chiefComplaint: clinicalText.optional(),
});

/** The create payload from the dialog's values and the chosen materials. */
export function toCreateProtocolPayload(
  values: z.output<typeof protocolFormSchema>,
  chosen: readonly { id: number; quantity: number; usageId?: string }[],
  ids: { id?: string; createdAt?: string } = {},
): CreateProtocolInput {
  const { serviceId, firstName, lastName, dateOfBirth, gender, address, phone, insuranceInfo, ...clinicalValues } = values;
  return {
    ...ids,
    serviceId,
    patientData: { firstName, lastName, dateOfBirth, gender, address, phone, insuranceInfo },
    ...clinicalValues,
    materials: chosen.map(({ id, quantity, usageId }) => (usageId ? { id, quantity, usageId } : { id, quantity })),
  };
}

/** A protocol's clinical part, as REST answers and pull delivers it. Patient data travels apart. */
export interface PatientProtocol {
  id: string;
  serviceId: string;
  serviceName: string;
  organizationId: number;
  /** Assigned by the server on arrival, unique per service; devices show a provisional label until then. */
  serviceProtocolNumber: number;
  status: ProtocolStatus;
  chiefComplaint: string | null;
  initialAssessment: string | null;
  allergies: string | null;
  medications: string | null;
  pastHistory: string | null;
  handlingInstructions: string | null;
  helper1: string | null;
  helper2: string | null;
  symptoms: string | null;
  /** ISO instant of the incident (Unfall, Kollaps …), as the medic gave it. */
  incidentTime: string | null;
  /** NACA '0'–'7' (./mindCodes.ts); null when not assessed, and on rows stored before the field. */
  naca?: string | null;
  /** A key of `diagnosisGroups` (./mindCodes.ts), or null. */
  diagnosisGroup?: string | null;
  dischargeStatus: DischargeStatus | null;
  dischargeOutcome: DischargeOutcome | null;
  dischargeDestination: string | null;
  handoverTo: string | null;
  dischargeComment: string | null;
  dischargedById: number | null;
  dischargedAt: string | null;
  treatedById: number | null;
  createdAt: string;
  updatedAt: string;
  /** Change-log version of the last write: the base of the next field-wise update. */
  version: number;
  /** A concurrent edit replaced a value (kept in the server's revisions). */
  needsReview: boolean;
}

/** REST adds the treatment lines joined (docs/spec/services.md §3 treatmentSummary). */
export interface PatientProtocolWithSummary extends PatientProtocol {
  treatmentSummary: string;
}

/** GET /api/patient-protocols/{id}: patient data only while the protocol is active, else null. */
export interface ProtocolDetail {
  protocol: PatientProtocolWithSummary;
  patientData: PatientData | null;
}

/** Patient data as pull delivers it: one change per protocol, dropped (delete) at discharge. */
export interface ProtocolPatientData {
  protocolId: string;
  patientData: PatientData;
  version: number;
}

/** "Protokoll #3"; before the server assigned a number, a provisional label. */
export const protocolLabel = (number: number | null | undefined): string => (number ? `Protokoll #${number}` : 'Protokoll (vorläufig)');
