import { manvMessages, protocolMessages, recordHistoryMessages, serviceRuleMessages, treatmentTemplateMessages, vitalMessages } from '@sanidok/schema';
import type { LocalWriteErrorCode } from '../data/repositories/services';
import { LocalWriteError } from '../data/repositories/services';
import { minorTreatmentsDe } from '../i18n/minorTreatments.de';
import { serviceTeamsDe } from '../i18n/serviceTeams.de';
import { syncDe } from '../i18n/sync.de';

/** The German text of each refusal of a local write (src/data throws codes, the screens word them). */
const localWriteErrorTexts: Record<LocalWriteErrorCode, string> = {
  serviceNotFound: syncDe.errors.serviceNotFound,
  clinicalWithheld: serviceTeamsDe.clinicalWithheld,
  targetServiceNotFound: minorTreatmentsDe.usedPage.notFound,
  organizationUnknown: syncDe.errors.organizationUnknown,
  organizationBlocked: minorTreatmentsDe.errors.organizationBlocked,
  serviceBlocked: minorTreatmentsDe.errors.serviceBlocked,
  serviceArchived: minorTreatmentsDe.errors.serviceArchived,
  protocolNotFound: protocolMessages.notFound,
  protocolClosed: protocolMessages.closed,
  noVitalValues: vitalMessages.noData,
  entryNotFound: recordHistoryMessages.entryNotFound,
  templatesNotAllowed: treatmentTemplateMessages.notAllowed,
  templateNotFound: treatmentTemplateMessages.notFound,
  templateMaterialUnknown: treatmentTemplateMessages.unknownMaterial,
  manvNotAllowed: manvMessages.notAllowed,
  manvIncidentNotFound: manvMessages.incidentNotFound,
  manvPatientNotFound: manvMessages.patientNotFound,
  manvTagExists: manvMessages.tagExists,
  manvBlueDisabled: manvMessages.blueDisabled,
  serviceNotAllowed: serviceRuleMessages.notAllowed,
  serviceAlreadyArchived: serviceRuleMessages.alreadyArchived,
  serviceArchiveOnlyEnded: serviceRuleMessages.archiveOnlyEnded,
  serviceHasProtocols: serviceRuleMessages.hasProtocols,
  serviceEndBeforeStart: serviceRuleMessages.endBeforeStart,
};

/** The text of a refused local write; undefined for any other error. */
export function localWriteErrorText(error: unknown): string | undefined {
  return error instanceof LocalWriteError ? localWriteErrorTexts[error.code] : undefined;
}
