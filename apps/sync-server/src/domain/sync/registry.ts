import type { SyncMutationName } from '@sanidok/schema';
import { syncMutationNames, syncMutations } from '@sanidok/schema';
import { recordAccess } from '../accessLogs/record';
import type { CommandContext } from '../context';
import { createDiaryEntry } from '../diary/commands';
import { openManvIncident, recordManvTransport, recordManvTriage, registerManvPatient, updateManvIncident, updateManvPatient } from '../manv/commands';
import { addUsedMaterials, refillMaterials } from '../materialUsage/commands';
import { createMinorTreatment } from '../minorTreatments/commands';
import { createProtocol, dischargeProtocol, updateProtocol } from '../protocols/commands';
import { addTreatmentEntry } from '../protocols/treatmentEntries';
import { recordVitals } from '../protocols/vitals';
import { archiveService } from '../protocols/archiving';
import { markMinorTreatmentInError, markTreatmentEntryInError, markVitalsInError } from '../protocols/entryMarks';
import { completeService, createService, deleteService, updateService } from '../services/commands';
import { createTreatmentTemplate, deleteTreatmentTemplate, updateTreatmentTemplate } from '../treatmentTemplates/commands';

/** A domain command: validates its args with the shared schema itself, authorises, writes. */
export type MutationCommand = (ctx: CommandContext, args: unknown) => Promise<unknown>;

/**
 * The command of every mutation of the contract (packages/schema/src/syncMutations.ts, which also
 * holds each argument schema and the `sensitive` flag). A name of the contract without a command
 * here, or a name here that the contract lacks, is a compile error. The same command functions
 * serve the REST routes, so each rule has one implementation.
 */
const mutationCommands = {
  'service.create': createService,
  'service.update': updateService,
  'service.archive': archiveService,
  'service.complete': completeService,
  'service.delete': deleteService,
  'minorTreatment.create': createMinorTreatment,
  'materialUsage.add': addUsedMaterials,
  'materialUsage.refill': refillMaterials,
  'protocol.create': createProtocol,
  'protocol.update': updateProtocol,
  'protocol.discharge': dischargeProtocol,
  'vitals.record': recordVitals,
  'treatmentEntry.add': addTreatmentEntry,
  'vitals.markInError': markVitalsInError,
  'treatmentEntry.markInError': markTreatmentEntryInError,
  'minorTreatment.markInError': markMinorTreatmentInError,
  'accessLog.record': recordAccess,
  'treatmentTemplate.create': createTreatmentTemplate,
  'treatmentTemplate.update': updateTreatmentTemplate,
  'treatmentTemplate.delete': deleteTreatmentTemplate,
  'diaryEntry.create': createDiaryEntry,
  'manvIncident.open': openManvIncident,
  'manvIncident.update': updateManvIncident,
  'manvPatient.register': registerManvPatient,
  'manvPatient.update': updateManvPatient,
  'manvTriage.record': recordManvTriage,
  'manvTransport.record': recordManvTransport,
} satisfies Record<SyncMutationName, MutationCommand>;

export interface MutationHandler {
  command: MutationCommand;
  /** Args carry patient data: the quarantine keeps only their non-identifying fields (packages/schema `quarantineArgs`). */
  sensitive: boolean;
}

/** Every mutation a device may push, by name (push.ts looks names up here). */
export const mutationRegistry: Readonly<Record<string, MutationHandler>> = Object.fromEntries(
  syncMutationNames.map((name) => [name, { command: mutationCommands[name], sensitive: syncMutations[name].sensitive }]),
);

export const mutationNames: readonly string[] = syncMutationNames;
