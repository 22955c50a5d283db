import type { PatientData } from '@sanidok/schema';
import { dischargeOutcomeLabel, protocolEmptyTexts, protocolFieldLabels, protocolLabel, protocolStatusLabels } from '@sanidok/schema';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { printDe } from '../../../i18n/print.de';
import { formatDateTime } from '../../../lib/format';
import type { PrintBlock, PrintModel } from './printModel';
import { orEmpty, patientRows, protocolMeta, renderPrintModel, treatmentLines, valueWithUnit, vitalLabel } from './printModel';

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
 * 'Vollständiges Protokoll drucken' (docs/spec/services.md §2, §9): patient data with the emergency
 * contact, status, anamnesis with incident time and symptoms, every
 * measurement of the timeline as its own table, the treatment lines, the helpers and, once
 * discharged, the discharge.
 */
export function completeProtocolModel(view: ProtocolView, patientData: PatientData, printedAt: string): PrintModel {
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
        title: t.measurement(index + 1, formatDateTime(record.recordedAt)),
        rows: record.values.map((value) => ({ label: vitalLabel(value), value: valueWithUnit(value) })),
      })),
      empty: t.noVitals,
    },
    { title: t.sections.treatments, kind: 'lines', lines: treatmentLines(view), empty: t.noTreatments },
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
  return {
    documentTitle: t.documentTitle(t.completeHeading, protocolLabel(p.serviceProtocolNumber)),
    heading: t.completeHeading,
    meta: [...protocolMeta(view), `${t.status}: ${printStatusLabel(p.status)}`],
    blocks,
    footer: t.printedAt(formatDateTime(printedAt)),
  };
}

/** Fills the print window's document with the full protocol. */
export function renderCompleteProtocolDocument(doc: Document, view: ProtocolView, patientData: PatientData, printedAt: string): void {
  renderPrintModel(doc, completeProtocolModel(view, patientData, printedAt));
}
