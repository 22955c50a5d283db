import type { ArchivedProtocolRecord, ArchivedProtocolResult, ArchiveServiceItem, PatientData } from '@sanidok/schema';
import { inRecordedOrder } from '../../data/repositories/protocols';
import { renderHandoverDocument } from '../protocols/print/printHandover';
import { openPrintWindow, printWhenReady } from '../protocols/print/printWindow';
import { archiveDe } from '../../i18n/de';
import { formatDate, formatDateTime } from '../../lib/format';
import { element, preparePrintHead, printToolbar, rowsTable } from '../protocols/print/printDom';
import { logArchivePrint } from './actions';
import { historyDe } from '../../i18n/history.de';
import { protocolSections } from './protocolSections';

const t = archiveDe.print;

export interface PrintInput {
  organizationName: string;
  service: ArchiveServiceItem;
  keyFingerprint: string;
  decryptedAt: string;
  protocols: ArchivedProtocolResult[];
}

/** Fills `doc` with the full print view of the protocols (text nodes only: no markup injection). */
export function renderPrintDocument(doc: Document, input: PrintInput): void {
  preparePrintHead(doc, t.documentTitle(input.service.name));
  const toolbar = printToolbar(doc, t.printButton);

  const sections = input.protocols.map((protocol) => {
    const view = protocolSections(protocol);
    const section = element(doc, 'section', undefined, 'protocol');
    const header = element(doc, 'header');
    header.append(
      element(doc, 'h1', t.heading),
      element(doc, 'div', `${input.organizationName} · ${input.service.name} · ${input.service.location}`, 'meta'),
      element(doc, 'div', `${formatDate(input.service.startDate)} – ${formatDate(input.service.endDate)}`, 'meta'),
    );
    section.append(header, element(doc, 'h2', `${view.heading}: ${view.patientName}`));
    for (const block of view.blocks) section.append(element(doc, 'h3', block.title), rowsTable(doc, block.rows));
    section.append(element(doc, 'h3', archiveDe.sections.treatments));
    section.append(
      view.treatments.length
        ? rowsTable(doc, view.treatments.map((e) => ({ label: e.time, value: `${e.text} (${e.performer})` })))
        : element(doc, 'p', archiveDe.noTreatments),
    );
    section.append(element(doc, 'h3', archiveDe.sections.vitals));
    section.append(view.vitals.length ? rowsTable(doc, view.vitals.map((v) => ({ label: v.time, value: v.summary }))) : element(doc, 'p', archiveDe.noVitals));
    if (view.replaced.length) section.append(element(doc, 'h3', archiveDe.sections.replaced), rowsTable(doc, view.replaced));
    if (view.history.length) section.append(element(doc, 'h3', historyDe.history.title), rowsTable(doc, view.history));
    section.append(element(doc, 'footer', t.footer(formatDateTime(input.decryptedAt), input.keyFingerprint)));
    return section;
  });
  doc.body.replaceChildren(toolbar, ...sections);
}

/**
 * 'Vollständiges Protokoll drucken' from the archive: opens the print view in a new window (in the
 * click, so no pop-up blocker stops it), records each print in the access log, then fills the
 * window. If the print cannot be logged, the window closes again: no print without a log entry.
 * Returns false when the browser blocked the window.
 */
export async function openPrintView(input: PrintInput): Promise<boolean> {
  const win = window.open('', '_blank');
  if (!win) return false;
  win.document.title = t.documentTitle(input.service.name);
  win.document.body.textContent = t.preparing;
  try {
    await Promise.all(input.protocols.map((p) => logArchivePrint(p.protocol.id)));
  } catch (error) {
    win.close();
    throw error;
  }
  renderPrintDocument(win.document, input);
  win.focus();
  return true;
}

/**
 * 'RTW-Übergabe drucken' after discharge: the same sheet the device prints (trend grid, named
 * performers, NACA), built from the record opened in the owner's browser. Logged as a handover
 * print before the sheet is written; no log, no sheet. False when the browser blocked the window.
 */
export async function openArchiveHandover(opened: { record: ArchivedProtocolRecord; patientData: Partial<PatientData> }, printedAt: Date = new Date()): Promise<boolean> {
  const win = openPrintWindow();
  if (!win) return false;
  win.document.body.textContent = t.preparing;
  const { record } = opened;
  try {
    await logArchivePrint(record.protocol.id, 'handover');
  } catch (error) {
    win.close();
    throw error;
  }
  const view = { protocol: record.protocol, patientData: null, patientDataVersion: null, ...inRecordedOrder(record.vitals, record.treatmentEntries) };
  renderHandoverDocument(win.document, view, { firstName: '', lastName: '', ...opened.patientData }, printedAt.toISOString());
  printWhenReady(win);
  return true;
}
