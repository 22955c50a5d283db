import type { ArchivedProtocolResult } from '@sanidok/schema';
import { diagnosisGroupText, dischargeOutcomeLabel, nacaText, patientDataLabels, protocolFieldLabels, protocolLabel, summarizeVitals } from '@sanidok/schema';
import { archiveDe } from '../../i18n/de';
import { formatDate, formatDateTime } from '../../lib/format';
import { labelOf } from '../../lib/labelOf';
import { historyDe } from '../../i18n/history.de';
import { revisionLabel, revisionValue } from '../protocols/history/historyLabels';

const f = archiveDe.fields;
const s = archiveDe.sections;

export interface LabelledRow {
  label: string;
  value: string;
}

export interface ProtocolSections {
  heading: string;
  patientName: string;
  /** Titled blocks of label/value rows, in print order. */
  blocks: { title: string; rows: LabelledRow[] }[];
  treatments: { time: string; text: string; performer: string }[];
  vitals: { time: string; summary: string }[];
  replaced: LabelledRow[];
  /** The Änderungsverlauf, oldest first: 'time · who · area: field' → 'old → new'. */
  history: LabelledRow[];
}

const text = (value: string | null | undefined): string => (value && value.trim() ? value : archiveDe.empty);
const date = (value: string | null | undefined, format: (v: string) => string): string => (value ? format(value) : archiveDe.empty);

/**
 * One archived protocol as label/value rows: the dialog and the print view show the same, in the
 * same order (docs/spec/accounts.md §3 "Archived protocol result").
 */
export function protocolSections(result: ArchivedProtocolResult): ProtocolSections {
  const { protocol: p, patientData: d } = result;
  return {
    heading: protocolLabel(p.serviceProtocolNumber),
    patientName: [d.firstName, d.lastName].filter(Boolean).join(' ') || archiveDe.empty,
    blocks: [
      {
        title: s.patient,
        rows: [
          { label: f.firstName, value: text(d.firstName) },
          { label: f.lastName, value: text(d.lastName) },
          { label: f.dateOfBirth, value: date(d.dateOfBirth, formatDate) },
          { label: f.gender, value: text(d.gender) },
          { label: f.phone, value: text(d.phone) },
          { label: f.address, value: text(d.address) },
          { label: f.insurance, value: text(d.insurance) },
          { label: f.emergencyContact, value: text(d.emergencyContact) },
          { label: f.emergencyContactPhone, value: text(d.emergencyContactPhone) },
          { label: f.allergies, value: text(d.allergies) },
          { label: f.medications, value: text(d.medications) },
          { label: f.medicalHistory, value: text(d.medicalHistory) },
          { label: f.patientLocation, value: text(d.location) },
        ],
      },
      {
        title: s.incident,
        rows: [
          { label: f.createdAt, value: date(p.createdAt, formatDateTime) },
          { label: f.location, value: text(p.location) },
          { label: f.incidentTime, value: date(p.incidentTime, formatDateTime) },
          { label: f.symptoms, value: text(p.symptoms) },
          { label: f.chiefComplaint, value: text(p.chiefComplaint) },
          { label: f.initialAssessment, value: text(p.initialAssessment) },
          { label: f.notes, value: text(p.notes) },
          { label: f.helpers, value: p.helpers.length ? p.helpers.join(', ') : archiveDe.empty },
        ],
      },
      {
        title: s.discharge,
        rows: [
          { label: f.dischargedAt, value: date(p.dischargedAt, formatDateTime) },
          { label: f.dischargeStatus, value: text(p.dischargeStatus) },
          { label: f.dischargeOutcome, value: dischargeOutcomeLabel(p.dischargeOutcome) },
          { label: f.dischargeDestination, value: text(p.dischargeDestination) },
          { label: f.handoverTo, value: text(p.handoverTo) },
          { label: f.dischargeNotes, value: text(p.dischargeNotes) },
          { label: protocolFieldLabels.naca, value: text(nacaText(p.naca)) },
          { label: protocolFieldLabels.diagnosisGroup, value: text(diagnosisGroupText(p.diagnosisGroup)) },
        ],
      },
    ],
    treatments: p.treatments.map((t) => ({ time: formatDateTime(t.timestamp), text: t.name, performer: t.description })),
    vitals: result.vitals.map((v) => ({ time: formatDateTime(v.recordedAt), summary: summarizeVitals(v.values) })),
    replaced: result.replacedValues.map((r) => ({
      label: `${labelOf(patientDataLabels, r.field) ?? r.field} (${formatDateTime(r.replacedAt)})`,
      value: text(r.value),
    })),
    history: (result.history ?? []).map((r) => ({
      label: `${formatDateTime(r.changedAt)} · ${r.changedBy ?? archiveDe.empty} · ${revisionLabel(r)}`,
      value: historyDe.history.change(revisionValue(r, r.oldValue), revisionValue(r, r.newValue)),
    })),
  };
}
