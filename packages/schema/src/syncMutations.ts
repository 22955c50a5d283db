import { recordAccessSchema } from './accessLogEvents';
import { createDiaryEntrySchema } from './board';
import {
  openManvIncidentSchema, recordManvTransportSchema, recordManvTriageSchema, registerManvPatientSchema, updateManvIncidentSchema, updateManvPatientSchema,
} from './manv';
import { addUsedMaterialsSchema, createMinorTreatmentSchema, refillMaterialsSchema } from './minorTreatments';
import { createProtocolSchema, dischargeProtocolSchema, updateProtocolSchema } from './protocols';
import { createServiceSchema, serviceIdSchema, serviceMessages, updateServiceSchema } from './services';
import { treatmentEntrySchema } from './treatmentEntries';
import { createTreatmentTemplateSchema, treatmentTemplateIdSchema, updateTreatmentTemplateSchema } from './treatmentTemplates';
import { markEnteredInErrorSchema } from './recordHistory';
import { recordVitalsSchema } from './vitals';
import type { z } from './zodConfig';

/**
 * The sync-mutation contract (docs/sync-protocol.md): every mutation a device may push, by name,
 * with the schema of its args and whether they carry patient data. The one list both halves are
 * checked against: the server's registry (apps/sync-server/src/domain/sync/registry.ts) must hold
 * a command for each name, the PWA's (apps/pwa/src/data/mutations.ts) a local `apply`.
 *
 * Each schema is the REST schema of the same command (one rule, one implementation) with the
 * fields a device always makes itself required: the ids of every row it creates, the device time
 * of the write and the version it edited. The server's commands still validate with the REST
 * schema (old outbox rows keep working); the PWA parses with these before it queues a write.
 */

type Prettify<T> = { [K in keyof T]: T[K] } & {};
type WithRequired<T, K extends PropertyKey> = Prettify<Omit<T, K> & { [P in K & keyof T]-?: Exclude<T[P], undefined> }>;
/** `materials[].usageId` required: the device makes the usage row's id with the choice. */
type WithUsageIds<T> = T extends { materials?: infer M }
  ? NonNullable<M> extends readonly (infer I)[] ? Prettify<Omit<T, 'materials'> & { [P in keyof Pick<T, 'materials'>]: WithRequired<I, 'usageId'>[] }> : T
  : T;

interface RequiredFields {
  /** Ids and array fields (a missing one is 'Ungültige Kennung'). */
  ids?: readonly string[];
  /** Device times of the write (a missing one is 'Ungültiges Datum'). */
  times?: readonly string[];
  /** Version numbers the device edited. */
  versions?: readonly string[];
  /** Every chosen material carries the id of its usage row. */
  usageIds?: true;
}

type RequiredKeys<R extends RequiredFields> =
  | (R['ids'] extends readonly (infer K)[] ? K : never)
  | (R['times'] extends readonly (infer K)[] ? K : never)
  | (R['versions'] extends readonly (infer K)[] ? K : never);
type ContractArgs<S extends z.ZodType, R extends RequiredFields> = R['usageIds'] extends true
  ? WithUsageIds<WithRequired<z.output<S>, RequiredKeys<R> & PropertyKey>>
  : WithRequired<z.output<S>, RequiredKeys<R> & PropertyKey>;

/**
 * The REST schema plus a check that the required fields are there. Only presence is checked
 * here: the values themselves are validated by the REST schema's own rules.
 */
function withRequired<S extends z.ZodType, const R extends RequiredFields>(schema: S, required: R): z.ZodType<ContractArgs<S, R>, z.input<S>> {
  const checks: [readonly string[] | undefined, string][] = [
    [required.ids, serviceMessages.invalidId],
    [required.times, serviceMessages.invalidDate],
    [required.versions, serviceMessages.invalidId],
  ];
  const refined = schema.superRefine((value, ctx) => {
    const record = value as Record<string, unknown>;
    for (const [keys, message] of checks) {
      for (const key of keys ?? []) if (record[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message });
    }
    if (!required.usageIds || !Array.isArray(record.materials)) return;
    (record.materials as { usageId?: string }[]).forEach((item, index) => {
      if (item.usageId === undefined) ctx.addIssue({ code: 'custom', path: ['materials', index, 'usageId'], message: serviceMessages.invalidId });
    });
  });
  // The check above is what makes the narrower output type true.
  return refined as unknown as z.ZodType<ContractArgs<S, R>, z.input<S>>;
}

/** One entry of the contract. */
export interface SyncMutationContract<S extends z.ZodType = z.ZodType> {
  schema: S;
  /**
   * Args carry patient data (or what opens it): a rejected mutation keeps only its
   * {@link quarantineFields} in the server's quarantine (`quarantineArgs`).
   */
  sensitive: boolean;
}

export const syncMutations = {
  'service.create': { schema: withRequired(createServiceSchema, { ids: ['id'] }), sensitive: false },
  'service.update': { schema: withRequired(updateServiceSchema, { versions: ['baseVersion'] }), sensitive: false },
  'service.archive': { schema: serviceIdSchema, sensitive: false },
  'service.complete': { schema: serviceIdSchema, sensitive: false },
  'service.delete': { schema: serviceIdSchema, sensitive: false },
  'minorTreatment.create': { schema: withRequired(createMinorTreatmentSchema, { ids: ['id'], times: ['createdAt'], usageIds: true }), sensitive: true },
  'materialUsage.add': { schema: withRequired(addUsedMaterialsSchema, { times: ['usedAt'], usageIds: true }), sensitive: false },
  // The usage rows the screen showed: without them the server would refill rows this device never saw.
  'materialUsage.refill': { schema: withRequired(refillMaterialsSchema, { ids: ['usageIds'] }), sensitive: false },
  'protocol.create': { schema: withRequired(createProtocolSchema, { ids: ['id'], times: ['createdAt'], usageIds: true }), sensitive: true },
  'protocol.update': { schema: withRequired(updateProtocolSchema, { times: ['updatedAt'], versions: ['baseVersion'], usageIds: true }), sensitive: true },
  // The sealed envelope with its proof (the ephemeral secret) opens to the patient data: sensitive.
  'protocol.discharge': { schema: withRequired(dischargeProtocolSchema, { times: ['dischargedAt'] }), sensitive: true },
  // The record model ({id, protocolId, recordedAt, values}); REST also takes the simple form.
  'vitals.record': { schema: withRequired(recordVitalsSchema, { ids: ['id'], times: ['recordedAt'] }), sensitive: false },
  'treatmentEntry.add': { schema: withRequired(treatmentEntrySchema, { times: ['createdAt'] }), sensitive: false },
  // A wrong entry is marked, never deleted (recordHistory.ts); the reason is clinical free text.
  'vitals.markInError': { schema: withRequired(markEnteredInErrorSchema, { times: ['markedAt'] }), sensitive: true },
  'treatmentEntry.markInError': { schema: withRequired(markEnteredInErrorSchema, { times: ['markedAt'] }), sensitive: true },
  'minorTreatment.markInError': { schema: withRequired(markEnteredInErrorSchema, { times: ['markedAt'] }), sensitive: true },
  'accessLog.record': { schema: withRequired(recordAccessSchema, { ids: ['id'], times: ['occurredAt'] }), sensitive: false },
  // Templates are the organisation's texts, never a patient's: not sensitive.
  'treatmentTemplate.create': { schema: withRequired(createTreatmentTemplateSchema, { ids: ['id'] }), sensitive: false },
  'treatmentTemplate.update': { schema: updateTreatmentTemplateSchema, sensitive: false },
  'treatmentTemplate.delete': { schema: treatmentTemplateIdSchema, sensitive: false },
  // Free text of the command post: it may name a patient although the dialog asks not to, so a
  // refused entry keeps only its ids and time.
  'diaryEntry.create': { schema: createDiaryEntrySchema, sensitive: true },
  // MANV: the incident names no one; tags, their person data, triages and transports are patient data.
  'manvIncident.open': { schema: withRequired(openManvIncidentSchema, { ids: ['id'] }), sensitive: false },
  'manvIncident.update': { schema: updateManvIncidentSchema, sensitive: false },
  'manvPatient.register': { schema: withRequired(registerManvPatientSchema, { ids: ['id'], times: ['createdAt'] }), sensitive: true },
  'manvPatient.update': { schema: updateManvPatientSchema, sensitive: true },
  'manvTriage.record': { schema: recordManvTriageSchema, sensitive: true },
  'manvTransport.record': { schema: recordManvTransportSchema, sensitive: true },
} as const satisfies Record<string, SyncMutationContract>;

export type SyncMutationName = keyof typeof syncMutations;

/** Args of each mutation as the device queues them (the schema's output). */
export type SyncMutationArgs = { [N in SyncMutationName]: z.output<(typeof syncMutations)[N]['schema']> };

export const syncMutationNames = Object.keys(syncMutations) as SyncMutationName[];

export function isSyncMutationName(name: string): name is SyncMutationName {
  return Object.hasOwn(syncMutations, name);
}

/**
 * What the quarantine keeps of a refused mutation whose args carry patient data, or whose name is
 * unknown: ids, versions, device times and status values — fields that neither name nor describe a
 * person (docs/security.md, "Quarantine"). Free text, patient data, sealed envelopes and proofs,
 * materials are left out; their field names are kept in `omittedFields`, so an administrator
 * still sees what the device sent.
 */
export const quarantineFields = [
  'id', 'serviceId', 'protocolId', 'organizationId', 'baseVersion', 'patientDataBaseVersion', 'patientDataVersion',
  'createdAt', 'updatedAt', 'dischargedAt', 'dischargeStatus', 'reviewed', 'occurredAt',
  'incidentId', 'patientId', 'triagedAt', 'departedAt', 'markedAt',
] as const;

const keptFields: ReadonlySet<string> = new Set(quarantineFields);

/** The args as the quarantine stores them (the server's push, apps/sync-server/src/domain/sync/push.ts). */
export function quarantineArgs(name: string, args: unknown): unknown {
  if (isSyncMutationName(name) && !syncMutations[name].sensitive) return args;
  if (!args || typeof args !== 'object' || Array.isArray(args)) return null;
  const kept: Record<string, unknown> = {};
  const omittedFields: string[] = [];
  for (const [field, value] of Object.entries(args)) {
    const scalar = value === null || ['string', 'number', 'boolean'].includes(typeof value);
    if (keptFields.has(field) && scalar) kept[field] = value;
    else omittedFields.push(field);
  }
  return omittedFields.length ? { ...kept, omittedFields } : kept;
}
