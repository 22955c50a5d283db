import type { EnteredInError } from './recordHistory';
import { entityId } from './services';
import { z } from './zodConfig';

/**
 * Treatment entries of a protocol (docs/spec/services.md §3): one line each, '[HH:MM] text (performer)'. They
 * are insert-only rows (never conflict); the protocol's treatmentSummary is made from them.
 */

export const treatmentEntryMessages = {
  timeInvalid: 'Bitte geben Sie die Uhrzeit als HH:MM an',
  textRequired: 'Die Maßnahme darf nicht leer sein',
  textLong: 'Die Maßnahme darf höchstens 500 Zeichen lang sein',
  performerInvalid: 'Bitte wählen Sie aus, wer die Maßnahme durchgeführt hat',
  performerNameRequired: 'Bitte geben Sie den Namen der durchführenden Person ein',
  performerNameLong: 'Der Name darf höchstens 100 Zeichen lang sein',
  protocolRequired: 'Ungültiges Protokoll',
} as const;

const m = treatmentEntryMessages;

export const treatmentPerformers = ['helfer1', 'helfer2', 'laienhelfer', 'custom'] as const;
export type TreatmentPerformer = (typeof treatmentPerformers)[number];

export const treatmentPerformerLabels: Record<TreatmentPerformer, string> = {
  helfer1: 'Helfer 1',
  helfer2: 'Helfer 2',
  laienhelfer: 'Laienhelfer',
  custom: 'Andere Person',
};

export const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d$/;

const entryFields = {
  id: entityId,
  time: z.string({ error: m.timeInvalid }).trim().regex(timeOfDayPattern, m.timeInvalid),
  text: z.string({ error: m.textRequired }).trim().min(1, m.textRequired).max(500, m.textLong),
  performer: z.enum(treatmentPerformers, { error: m.performerInvalid }),
  performerName: z.string().trim().max(100, m.performerNameLong).nullish().transform((v) => v || null),
  /** Device time of the entry: orders the lines across midnight, where HH:MM cannot. */
  createdAt: z.iso.datetime({ offset: true }).optional(),
};

interface PerformerFields { performer: TreatmentPerformer; performerName: string | null }

function withPerformerRule<S extends z.ZodType<PerformerFields>>(schema: S) {
  return schema
    .superRefine((entry, ctx) => {
      if (entry.performer === 'custom' && !entry.performerName) {
        ctx.addIssue({ code: 'custom', message: m.performerNameRequired, path: ['performerName'] });
      }
    })
    // A name only belongs to a custom performer; kept for the others it would mislead the print.
    .transform((entry) => (entry.performer === 'custom' ? entry : { ...entry, performerName: null }));
}

/** One entry for a protocol (mutation 'treatmentEntry.add', POST …/treatment-entries). */
export const treatmentEntrySchema = withPerformerRule(z.object({ ...entryFields, protocolId: z.uuid({ error: m.protocolRequired }) }));

/** An entry inside a protocol update: the protocol is the one being updated. */
export const protocolTreatmentEntrySchema = withPerformerRule(z.object(entryFields));
export type TreatmentEntryInput = z.input<typeof treatmentEntrySchema>;

/** A treatment entry as stored and synced. */
export interface TreatmentEntry {
  id: string;
  protocolId: string;
  organizationId: number;
  time: string;
  text: string;
  performer: TreatmentPerformer;
  performerName: string | null;
  createdAt: string;
  recordedById: number | null;
  /**
   * Marked wrong: stays visible, struck through (./recordHistory.ts). The server always sends it;
   * rows stored on a device before the marks existed lack it.
   */
  enteredInError?: EnteredInError | null;
}

export type FormattableEntry = Pick<TreatmentEntry, 'time' | 'text' | 'performer' | 'performerName'>;

export function performerLabel(entry: Pick<TreatmentEntry, 'performer' | 'performerName'>): string {
  return entry.performer === 'custom' ? entry.performerName?.trim() || treatmentPerformerLabels.custom : treatmentPerformerLabels[entry.performer];
}

/** '[14:05] Pulsoxymetrie angelegt (Helfer 1)' */
export const formatTreatmentEntry = (entry: FormattableEntry): string => `[${entry.time}] ${entry.text.trim()} (${performerLabel(entry)})`;

/** Who a print names for an entry: the protocol's helper names, and who documented it (full name from the team rows). */
export interface PerformerNames {
  helper1: string | null | undefined;
  helper2: string | null | undefined;
  /** The documenting user's full name (else username) by `recordedById`; undefined when not known here. */
  recordedBy?: (userId: number) => string | undefined;
}

/**
 * The name a print signs an entry with: 'Helfer 1' becomes the name typed as Helfer 1 on the
 * protocol, a custom performer keeps the name typed with the entry. Where no name is known (an
 * empty helper slot, a Laienhelfer) the slot stays and the documenting team member is named, so the
 * receiving crew knows whom to ask: 'Helfer 1, dokumentiert von Mona Medic'.
 */
export function signedPerformer(entry: Pick<TreatmentEntry, 'performer' | 'performerName' | 'recordedById'>, names: PerformerNames): string {
  const helper = entry.performer === 'helfer1' ? names.helper1 : entry.performer === 'helfer2' ? names.helper2 : entry.performer === 'custom' ? entry.performerName : null;
  if (helper?.trim()) return helper.trim();
  const recorder = entry.recordedById === null ? undefined : names.recordedBy?.(entry.recordedById);
  return recorder ? `${performerLabel(entry)}, dokumentiert von ${recorder}` : performerLabel(entry);
}

/** '[14:05] Pulsoxymetrie angelegt (Lea Lang)': the line of both prints and the archive. */
export const formatSignedTreatmentEntry = (entry: FormattableEntry & Pick<TreatmentEntry, 'recordedById'>, names: PerformerNames): string =>
  `[${entry.time}] ${entry.text.trim()} (${signedPerformer(entry, names)})`;

/** Entries in the order they were made (device time, then id), one line each. */
export function treatmentSummary(entries: readonly (FormattableEntry & { createdAt: string; id: string })[]): string {
  return [...entries]
    .sort((a, b) => (a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt)))
    .map(formatTreatmentEntry)
    .join('\n');
}
