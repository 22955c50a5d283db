import type { OrganizationRole } from './organizations';
import { genders, patientDataMessages } from './patientData';
import type { Gender } from './patientData';
import { entityId, serviceMessages } from './services';
import { z } from './zodConfig';

/**
 * MANV mode (docs/manv.md): a mass-casualty incident inside a service, its patients
 * (one per triage tag) and their triage events. A triage is an append-only event, so three
 * tablets triaging offline never overwrite each other; the current category of a patient is the
 * latest event (./manvCounts.ts, the one place that decides it).
 */

export const manvMessages = {
  nameRequired: 'Bitte geben Sie einen Namen für den MANV ein',
  nameLong: 'Name darf höchstens 120 Zeichen lang sein',
  tagRequired: 'Bitte geben Sie die Anhängekartennummer ein',
  tagLong: 'Die Anhängekartennummer darf höchstens 40 Zeichen lang sein',
  tagInvalid: 'Die Anhängekartennummer darf nur Buchstaben, Ziffern, Bindestrich und Schrägstrich enthalten',
  categoryInvalid: 'Bitte wählen Sie eine Sichtungskategorie',
  phaseInvalid: 'Unbekannte Sichtungsphase',
  algorithmInvalid: 'Unbekannter Sichtungsalgorithmus',
  qualificationInvalid: 'Bitte wählen Sie die Qualifikation',
  areaLong: 'Der Behandlungsbereich darf höchstens 60 Zeichen lang sein',
  personNameLong: 'Der Name darf höchstens 120 Zeichen lang sein',
  ageInvalid: 'Bitte geben Sie ein geschätztes Alter zwischen 0 und 120 Jahren ein',
  diagnosisLong: 'Die Kurzdiagnose darf höchstens 200 Zeichen lang sein',
  priorityInvalid: 'Bitte wählen Sie die Transportpriorität',
  meansInvalid: 'Bitte wählen Sie das Transportmittel',
  destinationRequired: 'Bitte geben Sie die Zielklinik ein',
  destinationLong: 'Die Zielklinik darf höchstens 120 Zeichen lang sein',
  positionInvalid: 'Bitte wählen Sie liegend oder sitzend',
  blueDisabled: 'Die Sichtungskategorie SK IV (blau) ist für diesen MANV abgeschaltet.',
  incidentNotFound: 'MANV nicht gefunden',
  incidentEnded: 'Dieser MANV ist beendet.',
  tagExists: 'Diese Anhängekartennummer ist in diesem MANV schon erfasst.',
  patientNotFound: 'Patient (Anhängekarte) nicht gefunden',
  duplicateSelf: 'Ein Patient kann nicht mit sich selbst zusammengeführt werden.',
  duplicateOtherIncident: 'Die Patienten gehören zu verschiedenen MANV-Lagen.',
  endBeforeStart: 'Das Ende muss nach dem Beginn liegen',
  notAllowed: 'Nur der Inhaber oder ein Administrator darf einen MANV eröffnen, ändern oder beenden.',
} as const;
const m = manvMessages;

/** Who opens, changes and ends a MANV incident: those who plan the service and manage its team (server: organizationRules.leadManv). */
export const manvLeadRoles = ['owner', 'admin'] as const satisfies readonly OrganizationRole[];
export const mayLeadManv = (role: OrganizationRole): boolean => (manvLeadRoles as readonly OrganizationRole[]).includes(role);

/** Sichtungskategorien of the German consensus conferences; SK IV is optional per incident. */
export const manvCategories = ['sk1', 'sk2', 'sk3', 'sk4', 'ex', 'b'] as const;
export type ManvCategory = (typeof manvCategories)[number];

/** Text label AND colour: the category is never told by colour alone. */
export const manvCategoryInfo: Record<ManvCategory, { label: string; colour: string; colourName: string; meaning: string }> = {
  sk1: { label: 'SK I', colour: '#c92a2a', colourName: 'rot', meaning: 'akute vitale Bedrohung' },
  sk2: { label: 'SK II', colour: '#f2c200', colourName: 'gelb', meaning: 'schwer verletzt / erkrankt' },
  sk3: { label: 'SK III', colour: '#2f9e44', colourName: 'grün', meaning: 'leicht verletzt / erkrankt' },
  sk4: { label: 'SK IV', colour: '#1c7ed6', colourName: 'blau', meaning: 'ohne Überlebenschance' },
  ex: { label: 'ex', colour: '#212529', colourName: 'schwarz', meaning: 'tot' },
  b: { label: 'B', colour: '#f8f9fa', colourName: 'weiß', meaning: 'unverletzt, betroffen' },
};

/** 'SK I (rot)' */
export const manvCategoryLabel = (category: ManvCategory): string => `${manvCategoryInfo[category].label} (${manvCategoryInfo[category].colourName})`;

/** The categories an incident offers: SK IV only when switched on. */
export const offeredCategories = (blueEnabled: boolean): readonly ManvCategory[] => manvCategories.filter((c) => c !== 'sk4' || blueEnabled);

export const manvPhases = ['pre_triage', 'triage', 're_triage'] as const;
export type ManvPhase = (typeof manvPhases)[number];
export const manvPhaseLabels: Record<ManvPhase, string> = { pre_triage: 'Vorsichtung', triage: 'Sichtung', re_triage: 'Nachsichtung' };

export const manvAlgorithms = ['mstart', 'prior', 'none'] as const;
export type ManvAlgorithm = (typeof manvAlgorithms)[number];
export const manvAlgorithmLabels: Record<ManvAlgorithm, string> = { mstart: 'mSTaRT', prior: 'PRIOR', none: 'ohne Algorithmus' };

/** Pre-triage by paramedics, triage by a physician (the final category is the physician's). */
export const manvQualifications = ['paramedic', 'physician'] as const;
export type ManvQualification = (typeof manvQualifications)[number];
export const manvQualificationLabels: Record<ManvQualification, string> = { paramedic: 'Rettungsfachpersonal', physician: 'Arzt / Ärztin' };

export const transportPriorities = ['high', 'low'] as const;
export type TransportPriority = (typeof transportPriorities)[number];
export const transportPriorityLabels: Record<TransportPriority, string> = { high: 'hoch (a)', low: 'niedrig (b)' };

export const transportMeans = ['rtw', 'ktw', 'nef', 'rth', 'bus', 'other'] as const;
export type TransportMeans = (typeof transportMeans)[number];
export const transportMeansLabels: Record<TransportMeans, string> = {
  rtw: 'RTW', ktw: 'KTW', nef: 'NAW / NEF-Begleitung', rth: 'RTH', bus: 'Bus / GW-San', other: 'Sonstiges',
};

export const transportPositions = ['lying', 'sitting'] as const;
export type TransportPosition = (typeof transportPositions)[number];
export const transportPositionLabels: Record<TransportPosition, string> = { lying: 'liegend', sitting: 'sitzend' };

/** The phase a new triage gets: first a pre-triage (or a physician's triage), the physician's first one is the triage, then re-triage. */
export function nextManvPhase(qualification: ManvQualification, earlier: readonly { qualification: ManvQualification }[]): ManvPhase {
  if (earlier.length === 0) return qualification === 'physician' ? 'triage' : 'pre_triage';
  if (qualification === 'physician' && !earlier.some((e) => e.qualification === 'physician')) return 'triage';
  return 're_triage';
}

const deviceTime = z.iso.datetime({ offset: true, error: serviceMessages.invalidDate });
const optionalText = (max: number, message: string) => z.string().trim().max(max, message).nullish().transform((v) => v || null);

/** Pre-printed tags: digits, letters, '-' and '/'; compared case-blind without spaces (`normalizeTagNumber`). */
export const tagNumberSchema = z.string({ error: m.tagRequired }).trim().min(1, m.tagRequired).max(40, m.tagLong)
  .regex(/^[\p{L}\p{N}\-/ ]+$/u, m.tagInvalid).transform((v) => normalizeTagNumber(v));
export const normalizeTagNumber = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

const incidentName = z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(120, m.nameLong);

export const openManvIncidentSchema = z.object({
  id: entityId.optional(),
  serviceId: entityId,
  name: incidentName,
  startedAt: deviceTime,
  blueEnabled: z.boolean().default(false),
});
export type OpenManvIncidentInput = z.input<typeof openManvIncidentSchema>;

/** Rename, SK IV on/off, end (endedAt) or reopen (endedAt null). */
export const updateManvIncidentSchema = z.object({
  id: entityId,
  name: incidentName.optional(),
  blueEnabled: z.boolean().optional(),
  endedAt: deviceTime.nullable().optional(),
});
export type UpdateManvIncidentInput = z.input<typeof updateManvIncidentSchema>;

/** Person data of a tag: patient data (encrypted at rest on server and device). */
export const manvPersonSchema = z.object({
  name: optionalText(120, m.personNameLong),
  sex: z.enum(genders, { error: patientDataMessages.genderInvalid }).nullish().transform((v) => v ?? null),
  estimatedAge: z.number({ error: m.ageInvalid }).int(m.ageInvalid).min(0, m.ageInvalid).max(120, m.ageInvalid).nullish().transform((v) => v ?? null),
  diagnosis: optionalText(200, m.diagnosisLong),
});
export type ManvPerson = z.output<typeof manvPersonSchema>;
export const manvPersonKeys = ['name', 'sex', 'estimatedAge', 'diagnosis'] as const satisfies readonly (keyof ManvPerson)[];

export const manvTriageFieldsSchema = z.object({
  id: entityId,
  category: z.enum(manvCategories, { error: m.categoryInvalid }),
  phase: z.enum(manvPhases, { error: m.phaseInvalid }),
  algorithm: z.enum(manvAlgorithms, { error: m.algorithmInvalid }),
  qualification: z.enum(manvQualifications, { error: m.qualificationInvalid }),
  triagedAt: deviceTime,
});

/** A new tag: the patient row and, usually, its first triage in the same write. */
export const registerManvPatientSchema = z.object({
  id: entityId.optional(),
  incidentId: entityId,
  tagNumber: tagNumberSchema,
  createdAt: deviceTime.optional(),
  treatmentArea: optionalText(60, m.areaLong),
  person: manvPersonSchema.partial().optional(),
  triage: manvTriageFieldsSchema.optional(),
});
export type RegisterManvPatientInput = z.input<typeof registerManvPatientSchema>;

/** Changes the fields sent; `duplicateOf` resolves a tag conflict (same person), a new tagNumber the other way. */
export const updateManvPatientSchema = z.object({
  id: entityId,
  tagNumber: tagNumberSchema.optional(),
  treatmentArea: optionalText(60, m.areaLong).optional(),
  person: manvPersonSchema.partial().optional(),
  duplicateOf: entityId.nullable().optional(),
  protocolId: entityId.nullable().optional(),
});
export type UpdateManvPatientInput = z.input<typeof updateManvPatientSchema>;

export const recordManvTriageSchema = manvTriageFieldsSchema.extend({ patientId: entityId });
export type RecordManvTriageInput = z.input<typeof recordManvTriageSchema>;

export const manvTransportSchema = z.object({
  priority: z.enum(transportPriorities, { error: m.priorityInvalid }),
  means: z.enum(transportMeans, { error: m.meansInvalid }),
  destination: z.string({ error: m.destinationRequired }).trim().min(1, m.destinationRequired).max(120, m.destinationLong),
  position: z.enum(transportPositions, { error: m.positionInvalid }),
  departedAt: deviceTime,
});
export type ManvTransport = z.output<typeof manvTransportSchema>;

/** Transport of a tag; recorded again, it replaces the earlier one (a correction). */
export const recordManvTransportSchema = manvTransportSchema.extend({ patientId: entityId });
export type RecordManvTransportInput = z.input<typeof recordManvTransportSchema>;

export interface ManvIncident {
  id: string;
  serviceId: string;
  organizationId: number;
  name: string;
  startedAt: string;
  endedAt: string | null;
  blueEnabled: boolean;
  createdById: number | null;
}

export interface ManvPatient {
  id: string;
  incidentId: string;
  serviceId: string;
  organizationId: number;
  tagNumber: string;
  createdAt: string;
  createdById: number | null;
  treatmentArea: string | null;
  name: string | null;
  sex: Gender | null;
  estimatedAge: number | null;
  diagnosis: string | null;
  /** Set when a tag conflict was resolved as "same person": this row's history belongs to that one. */
  duplicateOf: string | null;
  /** The full patient protocol made from this tag later (keeps the tag number). */
  protocolId: string | null;
  transport: ManvTransport | null;
}

export interface ManvTriage {
  id: string;
  patientId: string;
  incidentId: string;
  serviceId: string;
  organizationId: number;
  category: ManvCategory;
  phase: ManvPhase;
  algorithm: ManvAlgorithm;
  qualification: ManvQualification;
  triagedAt: string;
  triagedById: number | null;
  triagedByName: string | null;
}
