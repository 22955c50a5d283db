import type { PatientData } from '@sanidok/schema';
import { protocolEmptyTexts, protocolFieldLabels, protocolLabel } from '@sanidok/schema';
import { printDe } from '../../../i18n/print.de';
import { formatDateTime } from '../../../lib/format';
import type { PrintModel, PrintSource } from './printModel';
import { assessmentBlock, orEmpty, patientRows, protocolMeta, renderPrintModel, treatmentLines } from './printModel';
import { vitalsTrendBlocks } from './vitalsTrend';

const t = printDe.document;

/**
 * 'RTW-Übergabe drucken' (docs/spec/services.md §2, §9): one page for the ambulance crew — who the patient is,
 * the chief complaint, allergies and medications, every measurement of the vital signs as a trend
 * grid, what was done and by whom (by name), and the NACA score with the diagnosis group.
 */
export function handoverModel(view: PrintSource, patientData: PatientData, printedAt: string): PrintModel {
  const p = view.protocol;
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
      ...vitalsTrendBlocks(view.vitals),
      { title: t.sections.treatments, kind: 'lines', lines: treatmentLines(view), empty: t.noTreatments },
      assessmentBlock(view),
    ],
    footer: t.printedAt(formatDateTime(printedAt)),
  };
}

/** Fills the print window's document with the handover sheet. */
export function renderHandoverDocument(doc: Document, view: PrintSource, patientData: PatientData, printedAt: string): void {
  renderPrintModel(doc, handoverModel(view, patientData, printedAt));
}
