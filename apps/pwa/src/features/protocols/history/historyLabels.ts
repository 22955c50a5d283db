import type { RecordRevision, RecordRevisionEntity } from '@sanidok/schema';
import { dischargeOutcomeLabel, enteredInErrorField, formatDateTime, patientDataLabels, protocolFieldLabels, protocolStatusLabel } from '@sanidok/schema';
import { archiveDe } from '../../../i18n/archive.de';
import { conflictsDe } from '../../../i18n/conflicts.de';
import { historyDe } from '../../../i18n/history.de';
import { protocolEditDe } from '../../../i18n/protocolEdit.de';

/** Names of the history's areas and fields, and values as the protocol page shows them (one text per thing, reused). */
const entityLabels: Record<RecordRevisionEntity, string> = {
  protocol: protocolEditDe.info.title,
  patientData: archiveDe.sections.patient,
  discharge: archiveDe.sections.discharge,
  vitalRecord: archiveDe.sections.vitals,
  treatmentEntry: historyDe.history.treatmentEntry,
  minorTreatment: historyDe.history.minorTreatment,
};

const i = protocolEditDe.info;
const dischargeLabels: Record<string, string> = {
  status: i.status, dischargeStatus: i.dischargeStatus, dischargeOutcome: i.dischargeOutcome, dischargeDestination: i.dischargeDestination,
  handoverTo: i.handoverTo, dischargeComment: i.dischargeComment, dischargedAt: i.dischargedAt,
};
const fieldLabels: Record<string, string> = { ...protocolFieldLabels, ...patientDataLabels, ...dischargeLabels, [enteredInErrorField]: historyDe.history.enteredInError };

const timeFields = new Set(['incidentTime', 'dischargedAt']);

export function revisionLabel(revision: Pick<RecordRevision, 'entity' | 'field'>): string {
  return `${entityLabels[revision.entity]}: ${fieldLabels[revision.field] ?? revision.field}`;
}

export function revisionValue(revision: Pick<RecordRevision, 'field'>, value: string | null): string {
  if (value === null || value === '') return conflictsDe.emptyValue;
  if (timeFields.has(revision.field)) return formatDateTime(value);
  if (revision.field === 'status') return protocolStatusLabel(value);
  if (revision.field === 'dischargeStatus') return protocolEditDe.dischargeStatusLabels[value] ?? value;
  if (revision.field === 'dischargeOutcome') return dischargeOutcomeLabel(value as Parameters<typeof dischargeOutcomeLabel>[0]);
  return value;
}
