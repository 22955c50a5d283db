import type { PatientData, RecordRevision } from '@sanidok/schema';
import { dischargeOutcomeLabel, protocolEmptyTexts, protocolFieldLabels, protocolLabel, protocolStatusLabels } from '@sanidok/schema';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { historyDe } from '../../../i18n/history.de';
import { printDe } from '../../../i18n/print.de';
import { revisionLabel, revisionValue } from '../history/historyLabels';
import { formatDateTime } from '../../../lib/format';
import type { PrintBlock, PrintModel, PrintSource } from './printModel';
import { assessmentBlock, orEmpty, patientRows, protocolMeta, renderPrintModel, treatmentLines, valueWithUnit, vitalLabel } from './printModel';

const t = printDe.document;

/** docs/spec/services.md §4: the full print knows only 'Aktiv', 'Entlassen' or 'Unbekannt'. */
export function printStatusLabel(status: string): string {
  if (status === 'active') return protocolStatusLabels.active;
  if (status === 'discharged') return protocolStatusLabels.discharged;
  return t.unknownStatus;
}

const anamnesisFields = ['initialAssessment', 'chiefComplaint', 'symptoms', 'allergies', 'medications', 'pastHistory', 'handlingInstructions'] as const;

function dischargeBlock(view: ProtocolView): PrintBlock | null {
  const p = view.protocol;
  if (!p.dischargedAt && !p.dischargeStatus) return null;
  const d = t.discharge;
  return {
    title: t.sections.discharge,
    kind: 'rows',
    rows: [
      { label: d.dischargedAt, value: p.dischargedAt ? formatDateTime(p.dischargedAt) : t.empty },
      { label: d.status, value: orEmpty(p.dischargeStatus) },
      { label: d.outcome, value: dischargeOutcomeLabel(p.dischargeOutcome) },
      { label: d.destination, value: orEmpty(p.dischargeDestination) },
      { label: d.handoverTo, value: orEmpty(p.handoverTo) },
      { label: d.comment, value: orEmpty(p.dischargeComment) },
    ],
  };
}

/**
 * The Änderungsverlauf (§ 630f BGB): every change, old → new, with time, author and device; when
 * the server was not reachable at print time (`null`), the block says so instead of staying empty.
 */
function historyBlock(history: readonly RecordRevision[] | null): PrintBlock {
  const h = historyDe.history;
  return {
    title: h.title,
    kind: 'table',
    headers: [...h.printHeaders],
    rows: (history ?? []).map((r) => [
      formatDateTime(r.changedAt), r.changedBy ?? t.empty, r.deviceId?.slice(0, 8) ?? t.empty, revisionLabel(r), revisionValue(r, r.oldValue), revisionValue(r, r.newValue),
    ]),
    empty: history === null ? h.printOffline : h.empty,
  };
}

/**
 * 'Vollständiges Protokoll drucken' (docs/spec/services.md §2, §9): patient data with the emergency
 * contact, status, anamnesis with incident time and symptoms, every
 * measurement of the timeline as its own table, the treatment lines, the helpers and, once
 * discharged, the discharge; wrong entries with their "irrtümlich" mark, and the history.
 */
export function completeProtocolModel(view: PrintSource, patientData: PatientData, printedAt: string, history: readonly RecordRevision[] | null = []): PrintModel {
  const p = view.protocol;
  const blocks: PrintBlock[] = [
    {
      title: t.sections.patient,
      kind: 'rows',
      rows: patientRows(patientData, printedAt, true),
    },
    {
      title: t.sections.anamnesis,
      kind: 'rows',
      rows: [
        { label: protocolFieldLabels.incidentTime, value: p.incidentTime ? formatDateTime(p.incidentTime) : t.empty },
        ...anamnesisFields.map((field) => ({ label: protocolFieldLabels[field], value: orEmpty(p[field], protocolEmptyTexts[field] ?? t.noAnamnesis) })),
      ],
    },
    {
      title: t.sections.vitalsTimeline,
      kind: 'groups',
      // Oldest first, as the timeline reads: the trend runs down the page.
      groups: view.vitals.map((record, index) => ({
        title: t.measurement(index + 1, formatDateTime(record.recordedAt)) + (record.enteredInError ? historyDe.history.printMarked(record.enteredInError.reason) : ''),
        rows: record.values.map((value) => ({ label: vitalLabel(value), value: valueWithUnit(value) })),
      })),
      empty: t.noVitals,
    },
    { title: t.sections.treatments, kind: 'lines', lines: treatmentLines(view), empty: t.noTreatments },
    assessmentBlock(view),
    {
      title: t.sections.helpers,
      kind: 'rows',
      rows: [
        { label: protocolFieldLabels.helper1, value: orEmpty(p.helper1) },
        { label: protocolFieldLabels.helper2, value: orEmpty(p.helper2) },
      ],
    },
  ];
  const discharge = dischargeBlock(view);
  if (discharge) blocks.push(discharge);
  blocks.push(historyBlock(history));
  return {
    documentTitle: t.documentTitle(t.completeHeading, protocolLabel(p.serviceProtocolNumber)),
    heading: t.completeHeading,
    meta: [...protocolMeta(view), `${t.status}: ${printStatusLabel(p.status)}`],
    blocks,
    footer: t.printedAt(formatDateTime(printedAt)),
  };
}

/** Fills the print window's document with the full protocol. */
export function renderCompleteProtocolDocument(doc: Document, view: PrintSource, patientData: PatientData, printedAt: string, history: readonly RecordRevision[] | null = null): void {
  renderPrintModel(doc, completeProtocolModel(view, patientData, printedAt, history));
}
