import type { PatientData } from '@sanidok/schema';
import { latestVitalValues, protocolEmptyTexts, protocolFieldLabels, protocolLabel, vitalParameterTypes } from '@sanidok/schema';
import type { ProtocolView } from '../../../data/repositories/protocols';
import { printDe } from '../../../i18n/print.de';
import { formatDateTime, formatTime } from '../../../lib/format';
import type { PrintModel } from './printModel';
import { orEmpty, patientRows, protocolMeta, renderPrintModel, treatmentLines, valueWithUnit, vitalLabel } from './printModel';

const t = printDe.document;

/**
 * 'RTW-Übergabe drucken' (docs/spec/services.md §2, §9): one page for the ambulance crew — who the patient is,
 * the chief complaint, allergies and medications, the newest value of each vital parameter with
 * its time, and what was done.
 */
export function handoverModel(view: ProtocolView, patientData: PatientData, printedAt: string): PrintModel {
  const p = view.protocol;
  const latest = latestVitalValues(view.vitals);
  // The parameters in their fixed order, not in the order they happened to be measured.
  const vitalRows = vitalParameterTypes.flatMap((type) => {
    const value = latest.get(type);
    return value ? [[vitalLabel(value), valueWithUnit(value), formatTime(value.recordedAt)]] : [];
  });
  return {
    documentTitle: t.documentTitle(t.handoverHeading, protocolLabel(p.serviceProtocolNumber)),
    heading: t.handoverHeading,
    meta: protocolMeta(view),
    blocks: [
      { title: t.sections.patient, kind: 'rows', rows: patientRows(patientData, printedAt) },
      {
        title: t.sections.chiefComplaint,
        kind: 'rows',
        rows: [{ label: protocolFieldLabels.chiefComplaint, value: orEmpty(p.chiefComplaint, protocolEmptyTexts.chiefComplaint) }],
      },
      {
        title: t.sections.risks,
        kind: 'rows',
        rows: [
          { label: protocolFieldLabels.allergies, value: orEmpty(p.allergies, protocolEmptyTexts.allergies) },
          { label: protocolFieldLabels.medications, value: orEmpty(p.medications, protocolEmptyTexts.medications) },
        ],
      },
      {
        title: t.sections.latestVitals,
        kind: 'table',
        headers: [t.columns.parameter, t.columns.value, t.columns.time],
        rows: vitalRows,
        empty: t.noVitals,
      },
      { title: t.sections.treatments, kind: 'lines', lines: treatmentLines(view), empty: t.noTreatments },
    ],
    footer: t.printedAt(formatDateTime(printedAt)),
  };
}

/** Fills the print window's document with the handover sheet. */
export function renderHandoverDocument(doc: Document, view: ProtocolView, patientData: PatientData, printedAt: string): void {
  renderPrintModel(doc, handoverModel(view, patientData, printedAt));
}
