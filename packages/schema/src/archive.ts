import type { ApiErrorBody } from './errors';
import { organizationPublicKeysSchema } from './organizations';
import type { PatientData } from './patientData';
import { genders, parsePatientData } from './patientData';
import type { DischargeOutcome, PatientProtocolWithSummary } from './protocols';
import type { RecordRevision } from './recordHistory';
import type { SealedEnvelope } from './sealedEnvelope';
import type { ServiceStoredStatus } from './services';
import type { TreatmentEntry } from './treatmentEntries';
import { signedPerformer } from './treatmentEntries';
import type { VitalRecord } from './vitals';
import { z } from './zodConfig';

/**
 * The patient archive (docs/spec/accounts.md §2, §3, §7; docs/security.md "Archive"): the owner proves possession
 * of the organisation key by signing a server challenge; the server answers the sealed records,
 * and the browser opens them. The server never receives the key.
 */

/** docs/spec/accounts.md §9: at 5 wrong keys the platform administrators are notified. */
export const archiveMaxAttempts = 5;
/** A challenge is good for one proof within this time. */
export const archiveChallengeTtlMs = 5 * 60_000;
/** Failures older than this no longer count (besides a valid proof, which resets the count). */
export const archiveFailureWindowMs = 24 * 60 * 60_000;
/** Nonce of a challenge: 256 bits (the brief asks for at least 128). */
export const archiveNonceBytes = 32;

export const archiveMessages = {
  /** docs/spec/accounts.md §8: the failed-key dialog's default message. */
  wrongKey: 'Verschlüsselungsschlüssel ist falsch. Bitte prüfen Sie den Schlüssel.',
  challengeExpired: 'Die Schlüsselprüfung ist abgelaufen. Bitte geben Sie den Schlüssel erneut ein.',
  proofInvalid: 'Die Schlüsselprüfung ist unvollständig. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  secretNotAccepted:
    'Der Organisationsschlüssel wird nie an den Server gesendet: Er wird in Ihrem Browser geprüft. Bitte laden Sie die Seite neu, um die aktuelle App-Version zu verwenden.',
  serviceNotFound: 'Sanitätsdienst nicht gefunden.',
  keyUnchanged: 'Dieser Schlüssel ist bereits der aktuelle Organisationsschlüssel.',
  passwordRequired: 'Bitte geben Sie Ihr Passwort ein',
  wrongPassword: 'Das Passwort ist falsch.',
  rotationSignatureRequired: 'Bitte geben Sie den bisherigen Organisationsschlüssel ein.',
  rotationChallengeExpired: 'Die Bestätigung des Schlüsselwechsels ist abgelaufen oder wurde schon benutzt. Bitte versuchen Sie es erneut.',
  rotationNotSigned:
    'Der neue Schlüssel ist nicht mit dem bisherigen Organisationsschlüssel bestätigt. Bitte geben Sie den bisherigen Schlüssel ein, so wie er bei der Erstellung angezeigt wurde.',
} as const;

/** GET /api/organizations/{orgId}/archive/services: services with sealed protocols. */
export interface ArchiveServiceItem {
  id: string;
  name: string;
  location: string;
  startDate: string;
  endDate: string;
  status: ServiceStoredStatus;
  sealedProtocolCount: number;
  lastDischargedAt: string | null;
}

/** POST …/archive/services/{serviceId}/challenge. Sign `archiveProofMessage` of it (packages/crypto). */
export interface ArchiveChallenge {
  challengeId: string;
  organizationId: number;
  serviceId: string;
  /** base64url, {@link archiveNonceBytes} random bytes. */
  nonce: string;
  expiresAt: string;
}

const proofField = z.string({ error: archiveMessages.proofInvalid });

/** POST …/archive/services/{serviceId}/protocols: the signature, never the key. */
export const archiveProofRequestSchema = z.object(
  {
    proof: z.object(
      {
        challengeId: proofField.min(1, archiveMessages.proofInvalid).max(100, archiveMessages.proofInvalid),
        /** Ed25519 signature, 64 bytes as unpadded base64url (86 characters). */
        signature: proofField.regex(/^[A-Za-z0-9_-]{86}$/, archiveMessages.proofInvalid),
      },
      { error: archiveMessages.proofInvalid },
    ),
  },
  { error: archiveMessages.proofInvalid },
);
export type ArchiveProofRequest = z.infer<typeof archiveProofRequestSchema>;

export type SealedBy = 'server' | 'device';

/** One archived protocol as the server releases it: clinical part readable, patient data sealed. */
export interface ArchivedProtocolRecord {
  protocol: PatientProtocolWithSummary;
  treatmentEntries: TreatmentEntry[];
  vitals: VitalRecord[];
  sealed: { envelope: SealedEnvelope; keyFingerprint: string; sealedAt: string; sealedBy: SealedBy };
  /** The Änderungsverlauf sealed at discharge (./recordHistory.ts); null when nothing was changed. */
  sealedHistory?: SealedEnvelope | null;
}

export interface ArchiveProtocolsResponse {
  organization: { id: number; name: string };
  service: ArchiveServiceItem;
  /** Fingerprint of the key the proof was made with; `protocols` are those sealed to it. */
  keyFingerprint: string;
  protocols: ArchivedProtocolRecord[];
  /** Protocols of this service sealed to another (earlier) key of the organisation. */
  sealedToOtherKeys: number;
}

/** The answer to a wrong key (403): docs/spec/accounts.md §7 "message, failureCount, adminNotified". */
export interface ArchiveKeyFailureBody extends ApiErrorBody {
  failureCount: number;
  maxAttempts: number;
  /** Attempts left before the administrators are notified (0 once they are). */
  remainingAttempts: number;
  adminNotified: boolean;
}

/** What the browser seals at discharge, and what the archive opens. */
export interface SealedPatientDataPayload {
  v: 1;
  protocolId: string;
  patientData: Partial<PatientData>;
  /**
   * Values replaced by concurrent edits while the protocol was active (docs/sync-protocol.md,
   * Conflicts): sealed with the record instead of being kept under the server key.
   */
  replacedValues: { field: string; value: string | null; replacedAt: string }[];
  sealedAt: string;
  sealedBy: SealedBy;
}

/** Reads a decrypted payload leniently (unknown keys dropped, patient data as everywhere). */
export function parseSealedPatientDataPayload(text: string): SealedPatientDataPayload {
  const value = JSON.parse(text) as Partial<Record<keyof SealedPatientDataPayload, unknown>>;
  const replaced = Array.isArray(value.replacedValues) ? value.replacedValues : [];
  return {
    v: 1,
    protocolId: typeof value.protocolId === 'string' ? value.protocolId : '',
    patientData: parsePatientData(value.patientData),
    replacedValues: replaced.flatMap((entry: unknown) => {
      if (!entry || typeof entry !== 'object') return [];
      const { field, value: replacedValue, replacedAt } = entry as Record<string, unknown>;
      if (typeof field !== 'string' || typeof replacedAt !== 'string') return [];
      return [{ field, value: typeof replacedValue === 'string' ? replacedValue : null, replacedAt }];
    }),
    sealedAt: typeof value.sealedAt === 'string' ? value.sealedAt : '',
    sealedBy: value.sealedBy === 'device' ? 'device' : 'server',
  };
}

/** POST /api/organizations/{orgId}/generate-key: new public keys from the owner's browser. */
export const rotateOrganizationKeySchema = organizationPublicKeysSchema.extend({
  currentPassword: z.string({ error: archiveMessages.passwordRequired }).min(1, archiveMessages.passwordRequired).max(200, archiveMessages.wrongPassword),
  /**
   * Ed25519 signature (base64url) over the new public keys by the current organisation key,
   * made in the owner's browser from the secret typed in (packages/crypto keyRotationProof.ts).
   */
  rotationSignature: z
    .string({ error: archiveMessages.rotationSignatureRequired })
    .min(1, archiveMessages.rotationSignatureRequired)
    .max(200, archiveMessages.rotationNotSigned)
    .regex(/^[A-Za-z0-9_-]+$/, archiveMessages.rotationNotSigned),
  /** The challenge whose nonce the signature covers (single use, 5 minutes; ./keyRecovery.ts). */
  challengeId: z.string({ error: archiveMessages.rotationChallengeExpired }).min(1, archiveMessages.rotationChallengeExpired).max(64, archiveMessages.rotationChallengeExpired),
});
export type RotateOrganizationKeyInput = z.input<typeof rotateOrganizationKeySchema>;

// Older clients stored English values; the archive shows German ones (docs/spec/accounts.md §3).
const genderAliases: Readonly<Record<string, string>> = { male: 'männlich', female: 'weiblich', diverse: 'divers', other: 'divers', m: 'männlich', w: 'weiblich', f: 'weiblich', d: 'divers' };

/** 'männlich' / 'weiblich' / 'divers', or null when unknown. */
export function genderLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  const key = value.trim().toLowerCase();
  if ((genders as readonly string[]).includes(key)) return key;
  return genderAliases[key] ?? null;
}

/**
 * docs/spec/accounts.md §3 "Archived protocol result". SaniDok keeps allergies, medications and history with the
 * clinical part (readable by the team), the spec lists them with the patient data: they are
 * placed there. Symptoms and incident time come from the clinical part, the emergency contact
 * from the sealed patient data; protocols sealed before they were recorded show them empty.
 * Extra fields (number, discharge details, vitals) serve the print view.
 */
export interface ArchivedProtocolResult {
  protocol: {
    id: string;
    serviceId: string;
    serviceProtocolNumber: number;
    createdAt: string;
    symptoms: string | null;
    location: string | null;
    incidentTime: string | null;
    chiefComplaint: string | null;
    initialAssessment: string | null;
    treatmentSummary: string;
    treatments: { name: string; description: string; timestamp: string }[];
    notes: string | null;
    discharged: boolean;
    dischargedAt: string | null;
    dischargeNotes: string | null;
    dischargeStatus: string | null;
    dischargeOutcome: DischargeOutcome | null;
    dischargeDestination: string | null;
    handoverTo: string | null;
    helpers: string[];
    /** NACA '0'–'7' and the diagnosis group key (./mindCodes.ts); null on records sealed before the fields. */
    naca: string | null;
    diagnosisGroup: string | null;
  };
  patientData: {
    firstName: string | null;
    lastName: string | null;
    dateOfBirth: string | null;
    gender: string | null;
    phone: string | null;
    address: string | null;
    insurance: string | null;
    emergencyContact: string | null;
    emergencyContactPhone: string | null;
    allergies: string | null;
    medications: string | null;
    medicalHistory: string | null;
    location: string | null;
  };
  vitals: VitalRecord[];
  replacedValues: SealedPatientDataPayload['replacedValues'];
  /** The Änderungsverlauf opened from its own envelope (ArchivedProtocolRecord.sealedHistory). */
  history?: RecordRevision[];
}

/** Builds the result from the released record and its opened patient data (in the browser). */
export function toArchivedProtocolResult(
  record: ArchivedProtocolRecord,
  opened: Pick<SealedPatientDataPayload, 'patientData' | 'replacedValues'>,
  serviceLocation: string | null,
): ArchivedProtocolResult {
  const { protocol } = record;
  const data = opened.patientData;
  const insurance = [data.insuranceInfo, data.insuranceCardNumber ? `Versichertennummer ${data.insuranceCardNumber}` : undefined]
    .filter(Boolean)
    .join(', ');
  return {
    protocol: {
      id: protocol.id,
      serviceId: protocol.serviceId,
      serviceProtocolNumber: protocol.serviceProtocolNumber,
      createdAt: protocol.createdAt,
      // Older records (and older servers' replies) lack the fields: empty, not undefined.
      symptoms: protocol.symptoms ?? null,
      location: serviceLocation,
      incidentTime: protocol.incidentTime ?? null,
      chiefComplaint: protocol.chiefComplaint,
      initialAssessment: protocol.initialAssessment,
      treatmentSummary: protocol.treatmentSummary,
      // Signed with the helper's name where the protocol names one (the prints do the same).
      treatments: record.treatmentEntries.map((entry) => ({ name: entry.text, description: signedPerformer(entry, protocol), timestamp: entry.createdAt })),
      notes: protocol.handlingInstructions,
      discharged: protocol.status !== 'active',
      dischargedAt: protocol.dischargedAt,
      dischargeNotes: protocol.dischargeComment,
      dischargeStatus: protocol.dischargeStatus,
      dischargeOutcome: protocol.dischargeOutcome ?? null,
      dischargeDestination: protocol.dischargeDestination,
      handoverTo: protocol.handoverTo,
      helpers: [protocol.helper1, protocol.helper2].filter((h): h is string => Boolean(h)),
      naca: protocol.naca ?? null,
      diagnosisGroup: protocol.diagnosisGroup ?? null,
    },
    patientData: {
      firstName: data.firstName ?? null,
      lastName: data.lastName ?? null,
      dateOfBirth: data.dateOfBirth ?? null,
      gender: genderLabel(data.gender),
      phone: data.phone ?? null,
      address: data.address ?? null,
      insurance: insurance || null,
      emergencyContact: data.emergencyContact ?? null,
      emergencyContactPhone: data.emergencyContactPhone ?? null,
      allergies: protocol.allergies,
      medications: protocol.medications,
      medicalHistory: protocol.pastHistory,
      location: data.location ?? null,
    },
    vitals: record.vitals,
    replacedValues: opened.replacedValues,
  };
}
